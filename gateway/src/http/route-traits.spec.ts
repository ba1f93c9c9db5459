import 'reflect-metadata';
import { Controller, Get, Module, Post, Put, type Type } from '@nestjs/common';
import { DiscoveryModule, NestFactory } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import { GATEWAY_CONFIG } from '../config';
import { ConditionalGetInterceptor } from './conditional-get';
import { LoadShedder } from './load-shedding';
import { PollVersions } from './poll-versions';
import { HotWrite, Polled, ReadOnlyPost, Redeem, RouteTraits } from './route-traits';

/**
 * The traits of an application context holding these controllers (no HTTP server: the metadata only).
 * The conditional GET's dependencies are there only to be injected: no request reaches it here.
 */
async function traitsOf(...controllers: Type[]): Promise<RouteTraits> {
  @Module({
    imports: [DiscoveryModule],
    controllers,
    providers: [
      RouteTraits,
      { provide: GATEWAY_CONFIG, useValue: {} },
      { provide: PollVersions, useValue: {} },
      { provide: LoadShedder, useValue: {} },
    ],
  })
  class TraitsModule {}
  const app = await NestFactory.createApplicationContext(TraitsModule, {
    logger: false,
    abortOnError: false,
  });
  try {
    return app.get(RouteTraits);
  } finally {
    await app.close();
  }
}

const request = (method: string, url: string) =>
  ({ method, routeOptions: { url } }) as unknown as FastifyRequest;

@Controller('api')
class ShopController {
  @Get('stats')
  @Polled()
  stats() {}

  @Post('/redeem/:id/')
  @HotWrite()
  @Redeem()
  redeem() {}

  @Post(['till/check', 'till/look'])
  @ReadOnlyPost()
  check() {}

  @Get('alerts')
  @Polled({ conditional: false })
  alerts() {}

  @Get('plain')
  plain() {}
}

@Controller(['api/v1', 'legacy'])
class TwoPrefixesController {
  @Get('list')
  @Polled()
  list() {}
}

describe('route traits declared on controller methods', () => {
  it('give the conditional GET to @Polled() routes only: no other route pays for an interceptor', () => {
    const interceptorsOf = (method: keyof ShopController) =>
      Reflect.getMetadata(INTERCEPTORS_METADATA, ShopController.prototype[method]) ?? [];
    expect(interceptorsOf('stats')).toEqual([ConditionalGetInterceptor]);
    expect(interceptorsOf('alerts')).toEqual([]);
    expect(interceptorsOf('redeem')).toEqual([]);
    expect(interceptorsOf('plain')).toEqual([]);
  });

  it('are collected once per route, under the pattern Fastify matches', async () => {
    const traits = await traitsOf(ShopController, TwoPrefixesController);
    expect(traits.routes()).toEqual([
      { method: 'GET', url: '/api/stats', traits: ['polled'], conditional: true },
      { method: 'POST', url: '/api/redeem/:id', traits: ['hotWrite', 'redeem'] },
      { method: 'POST', url: '/api/till/check', traits: ['readOnlyPost'] },
      { method: 'POST', url: '/api/till/look', traits: ['readOnlyPost'] },
      { method: 'GET', url: '/api/alerts', traits: ['polled'] },
      { method: 'GET', url: '/api/v1/list', traits: ['polled'], conditional: true },
      { method: 'GET', url: '/legacy/list', traits: ['polled'], conditional: true },
    ]);
    expect(traits.isPolledGet(request('GET', '/api/stats'))).toBe(true);
    // Polled without a version source (conditional: false above): the session cache and shedding apply.
    expect(traits.isPolledGet(request('GET', '/api/alerts'))).toBe(true);
    expect(traits.isPolledGet(request('HEAD', '/api/stats'))).toBe(false);
    expect(traits.isPolledGet(request('GET', '/api/plain'))).toBe(false);
    expect(traits.has('redeem', request('POST', '/api/redeem/:id'))).toBe(true);
    expect(traits.has('hotWrite', request('POST', '/api/redeem/:id'))).toBe(true);
    // Keyed by method and pattern: another method on the same pattern has no trait.
    expect(traits.has('redeem', request('PUT', '/api/redeem/:id'))).toBe(false);
    expect(traits.has('readOnlyPost', request('POST', '/api/redeem/:id'))).toBe(false);
  });

  it('stop the start when a trait sits on the wrong method', async () => {
    @Controller('api')
    class PolledPost {
      @Post('stats')
      @Polled()
      stats() {}
    }
    @Controller('api')
    class ReadOnlyPut {
      @Put('check')
      @ReadOnlyPost()
      check() {}
    }
    await expect(traitsOf(PolledPost)).rejects.toThrow(
      'PolledPost.stats: @polled applies to GET routes, not POST',
    );
    await expect(traitsOf(ReadOnlyPut)).rejects.toThrow('@readOnlyPost applies to POST routes, not PUT');
  });
});
