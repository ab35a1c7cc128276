import * as assert from 'node:assert/strict';
import { Coalescer } from '../../src/coalesce';

function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

describe('Coalescer', () => {
  it('turns a burst of requests into one run', async () => {
    let runs = 0;
    const c = new Coalescer(() => {
      runs += 1;
      return Promise.resolve();
    }, 5);
    await Promise.all([c.request(), c.request(), c.request()]);
    assert.equal(runs, 1);
  });

  it('runs exactly once more for requests made while a run is in progress', async () => {
    let runs = 0;
    const first = gate();
    const c = new Coalescer(async () => {
      runs += 1;
      if (runs === 1) {
        await first.wait;
      }
    }, 5);
    const a = c.request();
    while (runs === 0) {
      await new Promise((r) => setTimeout(r, 1));
    }
    const later = [c.request(), c.request(), c.request()];
    first.open();
    await a;
    await Promise.all(later);
    assert.equal(runs, 2);
  });

  it('never runs two at once', async () => {
    let active = 0;
    let most = 0;
    const c = new Coalescer(async () => {
      active += 1;
      most = Math.max(most, active);
      await new Promise((r) => setTimeout(r, 3));
      active -= 1;
    }, 1);
    const all: Promise<void>[] = [];
    for (let i = 0; i < 10; i++) {
      all.push(c.request());
      await new Promise((r) => setTimeout(r, 1));
    }
    await Promise.all(all);
    assert.equal(most, 1);
  });

  it('rejects the waiting requests with the run error and recovers for the next', async () => {
    let fail = true;
    const c = new Coalescer(() => (fail ? Promise.reject(new Error('no python')) : Promise.resolve()), 1);
    await assert.rejects(Promise.all([c.request(), c.request()]), /no python/);
    fail = false;
    await c.request();
  });
});
