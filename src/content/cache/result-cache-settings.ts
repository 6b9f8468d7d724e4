import { createHash } from 'node:crypto';
import type { Settings } from '../../settings/settings';

/**
 * A fingerprint of the settings that shape a result or decide whether it is an error, so that
 * instances sharing a cache but configured differently never answer each other's results.
 */
export function resultSettingsFingerprint(settings: Settings): string {
  const { content } = settings;
  return createHash('sha256')
    .update(
      JSON.stringify([
        content.craftVersion,
        content.devMode,
        content.maxResults,
        content.maxComplexity,
        content.maxDepth,
        content.maxTokens,
        content.introspection,
        content.datesInSystemTimeZone,
        content.datesInSystemTimeZone ? Intl.DateTimeFormat().resolvedOptions().timeZone : '',
      ]),
    )
    .digest('base64url')
    .slice(0, 16);
}
