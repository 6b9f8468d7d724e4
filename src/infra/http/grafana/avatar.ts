import { createHash } from 'node:crypto';

export interface AvatarOptions {
  readonly disableGravatar: boolean;
  readonly appSubUrl: string;
}

/**
 * Grafana's user avatar URL: a local placeholder when Gravatar is disabled, `""` without an
 * email, else `/avatar/<md5 of the lower-cased email>` (the email is not trimmed).
 */
export function avatarUrl(email: string, options: AvatarOptions): string {
  if (options.disableGravatar) return `${options.appSubUrl}/public/img/user_profile.png`;
  if (email === '') return '';
  return `${options.appSubUrl}/avatar/${createHash('md5').update(email.toLowerCase()).digest('hex')}`;
}

/**
 * A team's (or service account's) avatar: its email when set, else its name stripped to
 * `[A-Za-z0-9]` plus `@localhost`.
 */
export function avatarUrlWithDefault(
  email: string,
  fallbackName: string,
  options: AvatarOptions,
): string {
  if (email !== '') return avatarUrl(email, options);
  return avatarUrl(`${fallbackName.replace(/[^A-Za-z0-9]/g, '')}@localhost`, options);
}
