/**
 * Stands for Craft's `DateTime` scalar in decorators. The scalar itself presents dates in the
 * configured zone (a setting), which a decorator evaluated when the module loads cannot know: the
 * GraphQL module's options map this class to the scalar built from the settings (`scalarsMap`).
 */
export class DateTimeType {}
