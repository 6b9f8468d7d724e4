import { ApiPropertyOptional } from '@nestjs/swagger';
import { Equals, IsIn, IsOptional, IsString } from 'class-validator';
import {
  GoObject,
  IsGoInt,
  IsGoStrings,
} from '../../../infra/http/grafana/validation/go-json.decorators';
import { answeredAs } from '../../../infra/http/grafana/validation/grafana-validation.pipe';
import { COOKIE_TYPES, THEMES } from '../../preferences/preference-values';

class QueryHistoryDto {
  @ApiPropertyOptional({ example: 'query' })
  @IsString()
  homeTab: string = '';
}

class NavbarDto {
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsGoStrings()
  bookmarkUrls?: string[];
}

/** The GET answer: only keys with a value. */
export class PreferencesDto {
  @ApiPropertyOptional() timezone?: string;
  @ApiPropertyOptional() weekStart?: string;
  @ApiPropertyOptional({ example: 'dark' }) theme?: string;
  @ApiPropertyOptional() language?: string;
  @ApiPropertyOptional({ type: QueryHistoryDto }) queryHistory?: QueryHistoryDto;
  @ApiPropertyOptional({ type: NavbarDto }) navbar?: NavbarDto;
}

/**
 * Grafana's `UpdatePrefsCmd`; unknown keys (the Go client's `locale`) are ignored. Its checks
 * run in Grafana's order after the body decoded: theme (`400 Invalid theme`), home dashboard
 * (`404 Dashboard not found`: there are no dashboards here, so any non-empty uid), cookie types
 * (structured 400).
 */
export class UpdatePreferencesDto {
  @ApiPropertyOptional({ description: '"", light, dark, system or an extra Grafana theme id' })
  @IsString()
  @IsIn(['', ...THEMES], answeredAs({ status: 400, message: 'Invalid theme' }, 1))
  theme: string = '';

  @ApiPropertyOptional({ type: 'number', description: 'deprecated; stored, never returned' })
  @IsGoInt()
  homeDashboardId: number = 0;

  @ApiPropertyOptional({ description: 'non-empty: 404 Dashboard not found (no dashboards here)' })
  @IsOptional()
  @IsString()
  @Equals('', answeredAs({ status: 404, message: 'Dashboard not found', traceID: true }, 2))
  homeDashboardUID?: string;

  @ApiPropertyOptional()
  @IsString()
  timezone: string = '';

  @ApiPropertyOptional()
  @IsString()
  weekStart: string = '';

  @ApiPropertyOptional()
  @IsString()
  language: string = '';

  /** Accepted and ignored, as the GET of Grafana 11 does not return it. */
  @ApiPropertyOptional({ description: 'accepted, not stored' })
  @IsString()
  regionalFormat: string = '';

  @ApiPropertyOptional({ type: QueryHistoryDto })
  @IsOptional()
  @GoObject(() => QueryHistoryDto)
  queryHistory?: QueryHistoryDto;

  @ApiPropertyOptional({ type: [String], enum: [...COOKIE_TYPES] })
  @IsOptional()
  @IsGoStrings()
  @IsIn([...COOKIE_TYPES], {
    each: true,
    ...answeredAs(
      {
        status: 400,
        messageId: 'preferences.unknownCookieType',
        message:
          "Got an unknown cookie preference type. Expected a set containing one or more of 'functional', 'performance', or 'analytics'}",
      },
      3,
    ),
  })
  cookies?: string[];

  @ApiPropertyOptional({ type: NavbarDto })
  @IsOptional()
  @GoObject(() => NavbarDto)
  navbar?: NavbarDto;
}
