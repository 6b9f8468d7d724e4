/**
 * Craft's address attributes (`AddressInterface`, Craft 4.0+), in Craft's order. An addresses
 * field stores each address as a nested element whose layout is these attributes as text fields;
 * `countryCode` is the one Craft requires.
 */
export const ADDRESS_ATTRIBUTES = [
  'fullName',
  'firstName',
  'lastName',
  'countryCode',
  'administrativeArea',
  'locality',
  'dependentLocality',
  'postalCode',
  'sortingCode',
  'addressLine1',
  'addressLine2',
  'organization',
  'organizationTaxId',
  'latitude',
  'longitude',
] as const;
export type AddressAttribute = (typeof ADDRESS_ATTRIBUTES)[number];

/** The handle of the one block type an addresses field holds. */
export const ADDRESS_BLOCK_TYPE = 'address';
/** The handle of the one block type a content block field holds. */
export const CONTENT_BLOCK_TYPE = 'content';
