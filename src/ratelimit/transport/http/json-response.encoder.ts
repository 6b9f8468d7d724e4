import { Unit } from '../../rules/rate-limit-unit';
import { Code, DescriptorStatus, RateLimitResponse } from '../../limiter/rate-limit.model';

/*
 * proto3 JSON of RateLimitResponse (camelCase, enums by name, default values omitted), written
 * straight to text: every /json decision is answered with it, and building an object per status
 * for JSON.stringify to walk again cost about as much as the rest of the decision.
 */

/** An enum's names as JSON text by value; a value without a name has none (the field is left out). */
function namesAsJson(names: Readonly<Record<number, string>>): ReadonlyMap<number, string> {
  const texts = new Map<number, string>();
  for (const [value, name] of Object.entries(names)) {
    if (typeof name === 'string') texts.set(Number(value), JSON.stringify(name));
  }
  return texts;
}

const CODE_JSON = namesAsJson(Code);
const UNIT_JSON = namesAsJson(Unit);

/** A number as JSON.stringify writes it (non-finite numbers are `null`). */
const numberJson = (value: number): string => (Number.isFinite(value) ? String(value) : 'null');

/** The response as its proto3 JSON text. */
export function encodeJsonResponse(response: RateLimitResponse): string {
  const overall = CODE_JSON.get(response.overallCode);
  let text = overall === undefined ? '{' : `{"overallCode":${overall},`;
  text += '"statuses":[';
  const { statuses } = response;
  for (let i = 0; i < statuses.length; i++) {
    if (i > 0) text += ',';
    text += statusJson(statuses[i]);
  }
  text += ']';
  if (response.responseHeadersToAdd.length > 0) {
    const headers = response.responseHeadersToAdd.map(({ key, value }) => ({ key, value }));
    text += `,"responseHeadersToAdd":${JSON.stringify(headers)}`;
  }
  if (response.dynamicMetadata !== undefined) {
    text += `,"dynamicMetadata":${JSON.stringify(response.dynamicMetadata)}`;
  }
  return `${text}}`;
}

function statusJson(status: DescriptorStatus): string {
  const code = CODE_JSON.get(status.code);
  // Each field adds its own leading comma; the first one's is dropped at the end.
  let fields = code === undefined ? '' : `,"code":${code}`;
  const limit = status.currentLimit;
  if (limit !== undefined) {
    let current = '';
    if (limit.requestsPerUnit !== 0) {
      current += `,"requestsPerUnit":${numberJson(limit.requestsPerUnit)}`;
    }
    const unit = limit.unit === Unit.UNKNOWN ? undefined : UNIT_JSON.get(limit.unit);
    if (unit !== undefined) current += `,"unit":${unit}`;
    if (limit.name !== '') current += `,"name":${JSON.stringify(limit.name)}`;
    fields += `,"currentLimit":{${current.slice(1)}}`;
  }
  if (status.limitRemaining !== 0) {
    fields += `,"limitRemaining":${numberJson(status.limitRemaining)}`;
  }
  if (status.durationUntilReset !== undefined) {
    fields += `,"durationUntilReset":${JSON.stringify(`${status.durationUntilReset}s`)}`;
  }
  return `{${fields.slice(1)}}`;
}
