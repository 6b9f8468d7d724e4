/**
 * The body of a Craft controller error: Yii's exception array (without devMode's debug keys).
 * Here because the content endpoint and the API guard's 429 both answer with it.
 */
export interface YiiErrorBody {
  readonly name: string;
  readonly message: string;
  readonly code: 0;
  readonly status: number;
}
