import { Equals, IsBoolean, IsOptional, IsString } from 'class-validator';
import { GrafanaError } from '../grafana-error';
import { GoList, GoObject, IsGoInt, IsGoStrings } from './go-json.decorators';
import { answeredAs, grafanaAnswer, GrafanaValidationPipe } from './grafana-validation.pipe';
import { BAD_REQUEST, pass, refusal } from './validation.fixtures';

class Member {
  @IsGoInt() userId: number = 0;
  @IsGoInt() permission: number = 0;
}

class Navbar {
  @IsOptional() @IsGoStrings() bookmarkUrls?: string[];
}

class Item {
  @IsGoInt() userId: number = 0;
  @IsString() permission: string = '';
}

class Mixed {
  @IsString() name: string = '';
  @IsBoolean() enabled: boolean = false;
  @IsOptional() @IsGoStrings() members?: string[];
  @IsOptional() @GoObject(() => Navbar) navbar?: Navbar;
  @IsOptional() @GoList(() => Item) permissions?: Item[];
}

class Ranked {
  @IsString()
  @Equals('ok', answeredAs({ status: 404, message: 'second', traceID: true }, 2))
  first: string = 'ok';

  @IsString()
  @Equals('ok', answeredAs({ status: 400, message: 'first' }, 1))
  second: string = 'ok';
}

describe('GrafanaValidationPipe: bodies as Go decodes them', () => {
  it('matches keys case-insensitively, as the Go client relies on (userID)', async () => {
    expect(await pass(Member, { userID: 7 })).toEqual({ userId: 7, permission: 0 });
    expect(await pass(Member, { USERID: 7, Permission: 4 })).toEqual({
      userId: 7,
      permission: 4,
    });
  });

  it('lets the last duplicate win and ignores unknown keys and nulls', async () => {
    expect(await pass(Member, { userId: 1, userID: 2, other: 'x' })).toEqual({
      userId: 2,
      permission: 0,
    });
    expect(await pass(Member, { userId: null })).toEqual({ userId: 0, permission: 0 });
  });

  it('reads an absent or null body as an empty object: every field at its zero value', async () => {
    expect(await pass(Member, undefined)).toEqual({ userId: 0, permission: 0 });
    expect(await pass(Member, null)).toBeInstanceOf(Member);
  });

  it('refuses type mismatches, fractions, unsafe integers and non-object bodies', async () => {
    for (const body of [
      { userId: '2' },
      { userId: 2.5 },
      { userId: 2 ** 60 },
      { userId: true },
      [],
      'text',
      5,
    ]) {
      expect(await refusal(Member, body)).toEqual([400, BAD_REQUEST]);
    }
    expect(Object.is((await pass(Member, { userId: -0 })).userId, 0)).toBe(true);
  });

  it('decodes strings, booleans, string lists and nested objects', async () => {
    const mixed = await pass(Mixed, {
      Name: 'n',
      ENABLED: true,
      members: ['a', null],
      NavBar: { BookmarkURLs: ['/d'] },
    });
    expect(mixed).toMatchObject({ name: 'n', enabled: true, members: ['a', ''] });
    expect(mixed.navbar).toBeInstanceOf(Navbar);
    expect(mixed.navbar?.bookmarkUrls).toEqual(['/d']);
    expect((await pass(Mixed, { navbar: { savedItems: null } })).navbar).toEqual({});
    for (const body of [{ members: [1] }, { navbar: [] }, { name: 1 }, { enabled: 'true' }]) {
      expect(await refusal(Mixed, body)).toEqual([400, BAD_REQUEST]);
    }
  });

  it('decodes lists of objects, a null element as an empty one', async () => {
    const mixed = await pass(Mixed, { Permissions: [{ userID: 2, permission: 'Admin' }, null] });
    expect(mixed.permissions).toEqual([
      { userId: 2, permission: 'Admin' },
      { userId: 0, permission: '' },
    ]);
    for (const body of [
      { permissions: {} },
      { permissions: [{ userId: 'x' }] },
      { permissions: [3] },
    ]) {
      expect(await refusal(Mixed, body)).toEqual([400, BAD_REQUEST]);
    }
  });

  it('answers a check with its declared answer, by rank, after every type error', async () => {
    expect(await refusal(Ranked, { first: 'no', second: 'no' })).toEqual([
      400,
      { message: 'first' },
    ]);
    expect(await refusal(Ranked, { first: 'no' })).toEqual([
      404,
      { message: 'second', traceID: '' },
    ]);
    expect(await refusal(Ranked, { first: 'no', second: 5 })).toEqual([400, BAD_REQUEST]);
  });

  it("uses the controller's own text for an undecodable body", async () => {
    const pipe = new GrafanaValidationPipe('Bad request data');
    expect(await refusal(Member, [], 'body', pipe)).toEqual([
      400,
      { message: 'Bad request data', traceID: '' },
    ]);
  });

  it('leaves path parameters and untyped values alone', async () => {
    const pipe = new GrafanaValidationPipe();
    expect(await pipe.transform('abc', { type: 'param', metatype: Number, data: 'id' })).toBe(
      'abc',
    );
    expect(await pipe.transform([1], { type: 'body', metatype: Object })).toEqual([1]);
  });
});

describe('grafanaAnswer (the exception factory)', () => {
  const failure = { path: 'x', constraint: 'c', message: 'm', target: undefined };

  it("builds each of Grafana's error shapes", () => {
    const structured = grafanaAnswer({
      ...failure,
      context: answeredAs({ status: 400, messageId: 'a.b', message: 'text' }).context,
    });
    expect(structured).toBeInstanceOf(GrafanaError);
    expect([structured.status, structured.body]).toEqual([
      400,
      { message: 'text', messageId: 'a.b', statusCode: 400, traceID: '' },
    ]);
    const plain = grafanaAnswer({
      ...failure,
      context: answeredAs({ status: 400, message: 'Invalid theme' }).context,
    });
    expect(plain.body).toEqual({ message: 'Invalid theme' });
    expect(grafanaAnswer({ ...failure, context: undefined }).body).toEqual(BAD_REQUEST);
  });
});
