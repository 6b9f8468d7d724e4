/** The `:teamId` path parameter of the team routes, as OpenAPI describes it. */
export const TEAM_ID_PARAM = {
  name: 'teamId',
  description: 'numeric id, or the team uid',
  schema: { type: 'string' },
} as const;
