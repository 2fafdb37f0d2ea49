import client from 'prom-client';
import { describe, expect, it } from 'vitest';
import { watchStoreApi } from '../../deploy/store-api-watch.mjs';

function recorder() {
  const lines: { level: string; msg: string; fields: object }[] = [];
  return {
    lines,
    logger: {
      info: (fields: object, msg: string) => lines.push({ level: 'info', msg, fields }),
      warn: (fields: object, msg: string) => lines.push({ level: 'warn', msg, fields }),
    },
  };
}

async function gaugeValue(): Promise<number | undefined> {
  const metric = client.register.getSingleMetric('store_api_up');
  return (await metric?.get())?.values[0]?.value;
}

describe('watchStoreApi', () => {
  it('sets store_api_up and logs one line each time the store API stops or starts answering', async () => {
    const answers = [true, false, false, true];
    const asked: string[] = [];
    const { lines, logger } = recorder();
    const watch = watchStoreApi({
      storeApiUrl: 'http://api.test/v1/',
      logger,
      fetch: (url) => {
        asked.push((url as URL).href);
        return answers.shift()
          ? Promise.resolve(new Response('{}'))
          : Promise.reject(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') }));
      },
    });
    expect(await watch.check()).toBe(true);
    expect(await gaugeValue()).toBe(1);
    expect(await watch.check()).toBe(false);
    expect(await gaugeValue()).toBe(0);
    await watch.check();
    await watch.check();
    expect(await gaugeValue()).toBe(1);
    expect(asked[0]).toBe('http://api.test/v1/health');
    expect(lines.map(({ level, msg }) => `${level} ${msg}`)).toEqual([
      'info store API answering',
      'warn store API not answering',
      'info store API answering',
    ]);
    expect(lines[1]?.fields).toMatchObject({ error: 'connect ECONNREFUSED' });
  });

  it('counts an error answer as not answering', async () => {
    const { lines, logger } = recorder();
    const watch = watchStoreApi({
      storeApiUrl: 'http://api.test/',
      logger,
      fetch: () => Promise.resolve(new Response('', { status: 503 })),
    });
    expect(await watch.check()).toBe(false);
    expect(lines[0]).toMatchObject({ level: 'warn', fields: { status: 503 } });
  });
});
