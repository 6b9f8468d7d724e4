import { isOverrideUnit } from '../rules/rate-limit-unit';
import { ServiceStats } from '../stats/service-stats';
import { DescriptorSizeLimits, descriptorSizeProblem } from './descriptor-size';
import { InvalidRateLimitRequestError, RateLimitRequest } from './rate-limit.model';

/**
 * The checks a decision request passes before anything is matched or counted: a domain, between
 * one and GRPC_MAX_DESCRIPTORS descriptors, override units a window exists for, and descriptor
 * sizes (./descriptor-size). Constructed once by the service; runs on every decision.
 */
export class RequestValidator {
  constructor(
    private readonly prefix: string,
    private readonly maxDescriptors: number,
    private readonly sizeLimits: DescriptorSizeLimits,
    private readonly serviceStats: ServiceStats,
  ) {}

  /** Throws InvalidRateLimitRequestError (INVALID_ARGUMENT / 400) at the first problem. */
  validate(request: RateLimitRequest): void {
    let problem: string | undefined;
    const count = request.descriptors.length;
    if (request.domain === '') problem = 'rate limit domain must not be empty';
    else if (count === 0) problem = 'rate limit descriptor list must not be empty';
    else if (count > this.maxDescriptors) {
      problem = `rate limit descriptor list has ${count} descriptors; at most ${this.maxDescriptors} are allowed`;
    } else {
      for (let i = 0; i < count; i++) {
        const limit = request.descriptors[i].limit;
        if (limit !== undefined && !isOverrideUnit(limit.unit)) {
          problem = `descriptors[${i}].limit: unit must be one of SECOND, MINUTE, HOUR, DAY, MONTH, YEAR`;
          break;
        }
      }
      problem ??= descriptorSizeProblem(request, this.prefix, this.sizeLimits);
    }
    if (problem === undefined) return;
    this.serviceStats.serviceError.inc();
    throw new InvalidRateLimitRequestError(problem);
  }
}
