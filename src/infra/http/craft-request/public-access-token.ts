/** Craft's literal token of the public schema: `Authorization: Bearer __PUBLIC__`. */
export const PUBLIC_ACCESS_TOKEN = '__PUBLIC__';
