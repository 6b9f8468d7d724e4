import type { Field } from '../../model/content-model';

/**
 * The text `search_text` holds for one element in one site (the database derives the tsvector):
 * title, slug, the values of text-like fields (tags stripped from rich text), option labels,
 * text cells of tables, and `extra` (asset filenames, user names, matrix block text).
 */
export function searchText(
  title: string | null,
  slug: string | null,
  fields: readonly Field[],
  values: Readonly<Record<string, unknown>>,
  extra: readonly (string | null | undefined)[] = [],
): string {
  const parts: string[] = [];
  const push = (value: unknown) => {
    if (typeof value === 'string' && value.trim() !== '') parts.push(value.trim());
  };
  push(title);
  push(slug);
  for (const field of fields) {
    const value = values[field.handle];
    if (value === undefined || value === null) continue;
    switch (field.type) {
      case 'plainText':
      case 'markdown':
      case 'email':
      case 'url':
        push(value);
        break;
      case 'richText':
        if (typeof value === 'string') push(value.replace(/<[^>]*>/g, ' '));
        break;
      case 'link': {
        // The label and a text value (URL, address); element links: only their label.
        const link = value as { value?: unknown; label?: unknown };
        push(link.label);
        if (typeof link.value === 'string') push(link.value);
        break;
      }
      case 'dropdown':
      case 'radioButtons':
      case 'buttonGroup':
      case 'checkboxes':
      case 'multiSelect':
        for (const chosen of Array.isArray(value) ? (value as unknown[]) : [value]) {
          push(field.options.find((option) => option.value === chosen)?.label ?? chosen);
        }
        break;
      case 'table':
        for (const row of value as Record<string, unknown>[]) {
          for (const column of field.columns) {
            if (['singleline', 'multiline', 'select'].includes(column.type)) push(row[column.key]);
          }
        }
        break;
      // No words in these values (numbers, flags, dates, colours, element ids); matrix block
      // text comes in through `extra`.
      case 'number':
      case 'money':
      case 'range':
      case 'json':
      case 'lightswitch':
      case 'date':
      case 'time':
      case 'color':
      case 'country':
      case 'icon':
      case 'entries':
      case 'assets':
      case 'categories':
      case 'tags':
      case 'users':
      case 'matrix':
      case 'addresses':
      case 'contentBlock':
        break;
    }
  }
  extra.forEach(push);
  return parts.join(' ').replace(/\s+/g, ' ');
}
