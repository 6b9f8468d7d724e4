import { All, Controller, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { GrafanaError } from '../../infra/http/grafana/grafana-error';
import { GrafanaExceptionFilter } from '../../infra/http/grafana/grafana-exception.filter';

/** Grafana answers an unknown `/api/...` route `404 {"message":"Not found"}`. */
@ApiExcludeController()
@Controller('api')
@UseFilters(GrafanaExceptionFilter)
export class ApiFallbackController {
  @All('*')
  notFound(): never {
    throw GrafanaError.message(404, 'Not found');
  }
}
