import { GrafanaValidationPipe } from '../infra/http/grafana/validation/grafana-validation.pipe';
import { BAD_REQUEST, pass, refusal } from '../infra/http/grafana/validation/validation.fixtures';
import { AddOrgUserDto, CreateOrgDto, UpdateOrgUserDto } from './orgs/orgs.dto';
import { CreateServiceAccountDto, CreateTokenDto } from './service-accounts/service-accounts.dto';
import { AdminCreateUserDto, loginOf, UserSearchQueryDto } from './users/users.dto';

const serviceAccounts = new GrafanaValidationPipe('Bad request data');
const SA_BAD_REQUEST = { message: 'Bad request data', traceID: '' };

describe('identity request DTOs', () => {
  it("admin user creation: Grafana's checks in its order", async () => {
    const form = await pass(AdminCreateUserDto, { email: ' jane@x ', password: 'pass' });
    expect(loginOf(form)).toBe('jane@x');
    expect(await refusal(AdminCreateUserDto, { login: 5, password: 'secret' })).toEqual([
      400,
      BAD_REQUEST,
    ]);
    expect(await refusal(AdminCreateUserDto, { password: 'ab' })).toEqual([
      400,
      { message: 'Validation error, need specify either username or email' },
    ]);
    expect(await refusal(AdminCreateUserDto, { login: 'j', password: 'abc' })).toEqual([
      400,
      { message: 'Password is missing or too short' },
    ]);
    expect(
      await refusal(AdminCreateUserDto, { login: 'j', password: 'ab', name: 'x'.repeat(191) }),
    ).toEqual([400, { message: 'Password is missing or too short' }]);
    expect(
      await refusal(AdminCreateUserDto, { login: 'j', password: 'abcd', name: 'x'.repeat(191) }),
    ).toEqual([400, BAD_REQUEST]);
    // Logins are stored trimmed: the limit applies to the trimmed text.
    expect(
      (await pass(AdminCreateUserDto, { login: ` ${'x'.repeat(190)} `, password: 'abcd' })).login,
    ).toHaveLength(192);
  });

  it('orgs: a name, then a known role (an absent one is invalid on update)', async () => {
    expect(await refusal(CreateOrgDto, {})).toEqual([400, BAD_REQUEST]);
    expect(await refusal(AddOrgUserDto, { loginOrEmail: 'j', role: '' })).toEqual([
      400,
      BAD_REQUEST,
    ]);
    expect(await refusal(AddOrgUserDto, { loginOrEmail: 'j', role: 'Owner' })).toEqual([
      400,
      { message: 'Invalid role specified' },
    ]);
    expect(await refusal(UpdateOrgUserDto, {})).toEqual([
      400,
      { message: 'Invalid role specified' },
    ]);
    expect(await pass(UpdateOrgUserDto, { ROLE: 'Editor' })).toEqual({ role: 'Editor' });
  });

  it("service accounts: Grafana's capitalised text, the role, the token lifetime", async () => {
    expect(await pass(CreateServiceAccountDto, { name: 'ci' }, 'body', serviceAccounts)).toEqual({
      name: 'ci',
      role: 'Viewer',
      isDisabled: false,
    });
    expect(await refusal(CreateServiceAccountDto, {}, 'body', serviceAccounts)).toEqual([
      400,
      SA_BAD_REQUEST,
    ]);
    expect(
      await refusal(CreateServiceAccountDto, { name: 'r', role: 'Owner' }, 'body', serviceAccounts),
    ).toEqual([400, { message: 'invalid role specified', traceID: '' }]);
    for (const secondsToLive of [-1, 100 * 365 * 24 * 3600 + 1]) {
      expect(
        await refusal(CreateTokenDto, { name: 't', secondsToLive }, 'body', serviceAccounts),
      ).toEqual([400, { message: 'invalid SecondsToLive value' }]);
    }
    expect(
      await refusal(CreateTokenDto, { name: 't', secondsToLive: 1.5 }, 'body', serviceAccounts),
    ).toEqual([400, SA_BAD_REQUEST]);
  });

  it('user search: lenient paging, a structured 400 for an unknown sort', async () => {
    expect(
      await pass(UserSearchQueryDto, { perpage: 'x', page: '2', query: ['a', 'b'] }, 'query'),
    ).toEqual({ perpage: 0, page: 2, query: 'a', sort: '' });
    expect(await refusal(UserSearchQueryDto, { sort: 'login-asc,age' }, 'query')).toEqual([
      400,
      { message: 'BadRequest', messageId: 'unknown sorting option', statusCode: 400, traceID: '' },
    ]);
  });
});
