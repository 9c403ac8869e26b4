import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { API_KEYS, ApiKeys, bearerKey, type ApiPrincipal } from './api-keys';
import { ApiError } from './errors';

export type AuthedRequest = Request & { principal: ApiPrincipal };

/** `Authorization: Bearer <key>` — 401 otherwise. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(@Inject(API_KEYS) private readonly keys: ApiKeys) {}

  canActivate(ctx: ExecutionContext): boolean {
    const req = ctx.switchToHttp().getRequest<AuthedRequest>();
    const principal = this.keys.verify(bearerKey(req.headers.authorization));
    if (!principal) throw new ApiError(401, 'unauthorized', 'missing or invalid API key (Authorization: Bearer <key>)');
    req.principal = principal;
    return true;
  }
}
