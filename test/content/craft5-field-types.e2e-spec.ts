import { type ExtendedDemo, startExtendedDemo } from '../support/craft5-demo';
import { GraphqlClient } from '../support/graphql-client';

/**
 * Craft 5's field types beyond Craft 4's: Range (a Number within its span) and JSON (the JSON
 * text); and the nested-element field types beside matrix (docs/content-model.md, "Field types sites
 * use"): an Addresses field answers `[AddressInterface]` of `Address` elements with Craft's
 * address attributes and filters; a Content Block field answers one `<field>_ContentBlock` with
 * its layout's fields; entries have several authors (Craft 5's `authors`, `authorIds`,
 * `authorsIds`). Written as a Craft 5 site's project config and content would be.
 */

const ENTRY_TYPES = `
entryTypes:
  - handle: venue
    name: Venue
    fields: [summary, locations, seo, capacity, meta]
fields:
  - { handle: capacity, name: Capacity, type: range, min: 0, max: 5000, step: 10 }
  - { handle: meta, name: Meta, type: json }
  - { handle: locations, name: Locations, type: addresses }
  - { handle: seo, name: SEO, type: contentBlock, fields: [summary, website] }
`;

const SECTIONS = `
  - handle: venues
    name: Venues
    type: channel
    uriFormat: venues/{slug}
    entryTypes: [venue]
`;

const SEED = {
  '70-e2e-nested.yaml': `
entries:
  - section: venues
    type: venue
    slug: harbour-hall
    title: Harbour Hall
    authors: [bob, alice]
    fields:
      summary: By the water.
      capacity: 1200
      meta: { doors: [north, south], accessible: true }
      locations:
        - countryCode: NL
          locality: Amsterdam
          postalCode: 1011 AB
          addressLine1: Kade 1
          organization: Harbour Hall BV
        - { countryCode: DE, locality: Berlin, addressLine1: Ufer 2 }
      seo:
        fields: { summary: Concerts by the harbour, website: 'https://example.com/hall' }
  - { section: venues, type: venue, slug: empty-lot, title: Empty lot, author: alice }
`,
};

type Data = Record<string, unknown>;

async function answer(
  client: GraphqlClient,
  query: string,
): Promise<{ data?: Data; errors?: { message: string }[] }> {
  const response = await client.post<{ data?: Data; errors?: { message: string }[] }>({ query });
  return response.body;
}

describe.each([
  ['pglite', '5'],
  ['postgres', '5'],
  ['pglite', '4'],
] as const)('addresses and content blocks on %s, Craft %s dialect', (database, craftVersion) => {
  let demo: ExtendedDemo;
  let admin: GraphqlClient;
  const venue = craftVersion === '5' ? 'venue_Entry' : 'venues_venue_Entry';

  beforeAll(async () => {
    demo = await startExtendedDemo({
      database,
      craftVersion,
      entryTypes: ENTRY_TYPES,
      sections: SECTIONS,
      seedFiles: SEED,
      databaseName: 'craft5_nested',
    });
    admin = demo.world.fullSchemaClient();
  }, 120_000);

  afterAll(() => demo?.stop());

  it("answers an addresses field as Craft's Address elements, filtered by attribute", async () => {
    const result = await answer(
      admin,
      `{
        venuesEntries(slug: "harbour-hall") { ... on ${venue} {
          locations { __typename ... on AddressInterface {
            countryCode locality postalCode addressLine1 addressLine2 organization } }
          dutch: locations(countryCode: "NL") { locality }
          first: locations(limit: 1) { ... on Address { locality } }
        } }
      }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      venuesEntries: [
        {
          locations: [
            {
              __typename: 'Address',
              countryCode: 'NL',
              locality: 'Amsterdam',
              postalCode: '1011 AB',
              addressLine1: 'Kade 1',
              addressLine2: null,
              organization: 'Harbour Hall BV',
            },
            {
              __typename: 'Address',
              countryCode: 'DE',
              locality: 'Berlin',
              postalCode: null,
              addressLine1: 'Ufer 2',
              addressLine2: null,
              organization: null,
            },
          ],
          dutch: [{ locality: 'Amsterdam' }],
          first: [{ locality: 'Amsterdam' }],
        },
      ],
    });
  });

  it('answers a content block as one <field>_ContentBlock, null where none was saved', async () => {
    const result = await answer(
      admin,
      `{
        hall: venuesEntries(slug: "harbour-hall") { ... on ${venue} {
          seo { __typename fieldHandle ... on seo_ContentBlock { summary website } }
        } }
        lot: venuesEntries(slug: "empty-lot") { ... on ${venue} { locations { locality } seo { id } } }
      }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      hall: [
        {
          seo: {
            __typename: 'seo_ContentBlock',
            fieldHandle: 'seo',
            summary: 'Concerts by the harbour',
            website: 'https://example.com/hall',
          },
        },
      ],
      lot: [{ locations: [], seo: null }],
    });
  });

  it('saves addresses and a content block through mutations, as Craft 5 takes them (AddressesInput, <field>_ContentBlockInput)', async () => {
    const save = 'save_venues_venue_Entry';
    const select = `... on ${venue} { id locations { id ... on Address { countryCode locality } } seo { id ... on seo_ContentBlock { summary website } } }`;
    type Saved = {
      id: string;
      locations: { id: string; countryCode: string; locality: string | null }[];
      seo: { id: string; summary: string | null; website: string | null } | null;
    };
    const created = await answer(
      admin,
      `mutation { ${save}(title: "Dock ${craftVersion}",
        locations: [{ countryCode: "NL", locality: "Rotterdam" }, { countryCode: "BE", locality: "Gent" }],
        seo: { summary: "Docks", website: "https://example.com/dock" }) { ${select} } }`,
    );
    expect(created.errors).toBeUndefined();
    const first = created.data?.[save] as Saved;
    expect(first.locations.map((a) => [a.countryCode, a.locality])).toEqual([
      ['NL', 'Rotterdam'],
      ['BE', 'Gent'],
    ]);
    expect(first.seo).toMatchObject({ summary: 'Docks', website: 'https://example.com/dock' });

    // By id: the first address changes, the second goes, a new one comes; the block is updated.
    const [rotterdam] = first.locations;
    const updated = await answer(
      admin,
      `mutation { ${save}(id: ${first.id},
        locations: [{ id: ${rotterdam.id}, countryCode: "NL", locality: "Schiedam" }, { countryCode: "FR" }],
        seo: { summary: "Docks and quays" }) { ${select} } }`,
    );
    expect(updated.errors).toBeUndefined();
    const second = updated.data?.[save] as Saved;
    expect(second.locations.map((a) => [a.countryCode, a.locality])).toEqual([
      ['NL', 'Schiedam'],
      ['FR', null],
    ]);
    expect(second.locations[0].id).toBe(rotterdam.id);
    expect(second.seo?.id).toBe(first.seo?.id);
    expect(second.seo?.summary).toBe('Docks and quays');

    const refused = await answer(
      admin,
      `mutation { ${save}(id: ${first.id}, locations: [{ locality: "Nowhere" }]) { id } }`,
    );
    expect(refused.errors?.[0]?.message).toMatch(/countryCode/);
  });

  it('answers range fields as numbers and JSON fields as JSON text, and validates both', async () => {
    const read = await answer(
      admin,
      `{
        venuesEntries(slug: "harbour-hall") { ... on ${venue} { capacity meta } }
        big: entryCount(section: "venues", capacity: ">= 1000")
      }`,
    );
    expect(read.errors).toBeUndefined();
    expect(read.data).toEqual({
      venuesEntries: [{ capacity: 1200, meta: '{"doors":["north","south"],"accessible":true}' }],
      big: 1,
    });
    const saved = await answer(
      admin,
      `mutation { save_venues_venue_Entry(title: "Shed ${craftVersion}", capacity: 40, meta: "[1, 2]") {
        ... on ${venue} { capacity meta } } }`,
    );
    expect(saved.errors).toBeUndefined();
    expect(saved.data).toEqual({ save_venues_venue_Entry: { capacity: 40, meta: '[1,2]' } });
    const refused = await answer(
      admin,
      `mutation { save_venues_venue_Entry(title: "Arena", capacity: 9000, meta: "{oops") { id } }`,
    );
    const message = refused.errors?.[0]?.message ?? '';
    expect(message).toMatch(/9000 is outside the range 0 to 5000/);
    expect(message).toMatch(/must be valid JSON/);
  });

  it('declares the types as Craft does', async () => {
    const result = await answer(
      admin,
      `{
        address: __type(name: "Address") { interfaces { name } }
        country: __type(name: "AddressInterface") { fields { name type { kind ofType { name } } } }
        block: __type(name: "seo_ContentBlock") { interfaces { name } }
      }`,
    );
    expect(result.errors).toBeUndefined();
    const data = result.data as {
      address: { interfaces: { name: string }[] };
      country: { fields: { name: string; type: { kind: string; ofType: { name: string } } }[] };
      block: { interfaces: { name: string }[] };
    };
    expect(data.address.interfaces.map((i) => i.name).sort()).toEqual([
      'AddressInterface',
      'ElementInterface',
    ]);
    expect(data.country.fields.find((f) => f.name === 'countryCode')?.type).toEqual({
      kind: 'NON_NULL',
      ofType: { name: 'String' },
    });
    expect(data.block.interfaces.map((i) => i.name).sort()).toEqual([
      'ContentBlockInterface',
      'ElementInterface',
    ]);
  });

  // Craft 4 entries have one author (its `author` is tested with the demo content).
  const craft5It = craftVersion === '5' ? it : it.skip;

  craft5It(
    'keeps several authors in order: the first is the primary author, any of them matches',
    async () => {
      const people = `authorId author { username } authorIds authors { username }`;
      const read = await answer(
        admin,
        `{
        hall: entry(section: "venues", slug: "harbour-hall") { ${people} }
        lot: entry(section: "venues", slug: "empty-lot") { ${people} }
        byAlice: entries(section: "venues", authorId: ALICE, orderBy: "title") { slug }
      }`.replace('ALICE', JSON.stringify(String(await userId(admin, 'alice')))),
      );
      expect(read.errors).toBeUndefined();
      const [alice, bob] = [await userId(admin, 'alice'), await userId(admin, 'bob')];
      expect(read.data).toEqual({
        hall: {
          authorId: bob,
          author: { username: 'bob' },
          authorIds: [bob, alice],
          authors: [{ username: 'bob' }, { username: 'alice' }],
        },
        lot: {
          authorId: alice,
          author: { username: 'alice' },
          authorIds: [alice],
          authors: [{ username: 'alice' }],
        },
        byAlice: [{ slug: 'empty-lot' }, { slug: 'harbour-hall' }],
      });

      const saved = await answer(
        admin,
        `mutation { save_venues_venue_Entry(title: "Pop-up", authorsIds: [${alice}, ${bob}]) { ... on venue_Entry { ${people} } } }`,
      );
      expect(saved.errors).toBeUndefined();
      expect(saved.data).toEqual({
        save_venues_venue_Entry: {
          authorId: alice,
          author: { username: 'alice' },
          authorIds: [alice, bob],
          authors: [{ username: 'alice' }, { username: 'bob' }],
        },
      });
      const refused = await answer(
        admin,
        `mutation { save_venues_venue_Entry(title: "Nobody", authorsIds: [${alice}, 999999]) { id } }`,
      );
      expect(refused.errors?.[0]?.message).toMatch(/author: element 999999 is not a user/);
    },
  );
});

async function userId(client: GraphqlClient, username: string): Promise<number> {
  const found = await answer(client, `{ user(username: ${JSON.stringify(username)}) { id } }`);
  return Number((found.data?.user as { id: string }).id);
}
