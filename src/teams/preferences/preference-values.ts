/** Grafana's theme ids (light, dark, system and the extra ones of Grafana 11/12). */
export const THEMES = new Set([
  'light',
  'dark',
  'system',
  'aubergine',
  'debug',
  'desertbloom',
  'deuteranopia_protanopia_dark',
  'deuteranopia_protanopia_light',
  'gildedgrove',
  'gloom',
  'mars',
  'matrix',
  'oceanblue',
  'sapphiredusk',
  'synthwave',
  'tritanopia_dark',
  'tritanopia_light',
  'tron',
  'victorian',
  'zen',
]);

/** Grafana's cookie preference types. */
export const COOKIE_TYPES = ['analytics', 'performance', 'functional'] as const;
