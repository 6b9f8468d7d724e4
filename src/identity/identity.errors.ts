/** Outcomes of identity operations that controllers turn into Grafana's answers. */
export class IdentityError extends Error {
  constructor(
    readonly reason:
      | 'user-exists'
      | 'user-not-found'
      | 'org-not-found'
      | 'org-name-taken'
      | 'already-org-member'
      | 'last-org-admin'
      | 'service-account-exists'
      | 'token-name-taken',
    message: string = reason,
  ) {
    super(message);
    this.name = 'IdentityError';
  }
}
