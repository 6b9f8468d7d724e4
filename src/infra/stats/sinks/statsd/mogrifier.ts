import type { DogStatsdMogrifierSetting } from '../../../../settings/settings';
import { Tag } from '../stat-name';

/**
 * A compiled DogStatsD mogrifier (docs/observability.md#dogstatsd-use_dog_statsdtrue): renames a
 * matching metric and adds tags.
 */
export interface Mogrifier {
  readonly pattern: RegExp;
  readonly metricName: string;
  readonly tags: readonly Tag[];
}

export function compileMogrifiers(settings: readonly DogStatsdMogrifierSetting[]): Mogrifier[] {
  return settings.map((setting) => ({
    pattern: new RegExp(setting.pattern),
    metricName: setting.metricName,
    tags: Object.entries(setting.tags),
  }));
}

/** `$0` is the whole match, `$1`... the groups; a group that did not take part gives ''. */
function expand(template: string, match: RegExpExecArray): string {
  return template.replace(/\$(\d+)/g, (_text, index: string) => match[Number(index)] ?? '');
}

/**
 * Applies the first mogrifier (in list order) whose pattern matches the tag-free name; the name is
 * kept unchanged when none matches.
 */
export function mogrify(
  name: string,
  mogrifiers: readonly Mogrifier[],
): { name: string; tags: readonly Tag[] } {
  for (const mogrifier of mogrifiers) {
    const match = mogrifier.pattern.exec(name);
    if (match === null) continue;
    return {
      name: expand(mogrifier.metricName, match),
      tags: mogrifier.tags.map(([key, template]) => [key, expand(template, match)] as const),
    };
  }
  return { name, tags: [] };
}
