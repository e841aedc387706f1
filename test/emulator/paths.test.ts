// How an inbox in the path is read for routing, whichever way a client encoded it.
import { describe, expect, it } from 'vitest';
import { routingPath } from '../../emulator/http/paths.js';

const path = (p: string) => routingPath(new Request(`http://127.0.0.1:4580${p}`));

describe('routingPath', () => {
  it('leaves a one-segment inbox (encoded or raw) as it is', () => {
    expect(path('/v1/inboxes/a%2Bb%40x.test/messages')).toBe('/v1/inboxes/a%2Bb%40x.test/messages');
    expect(path('/v1/inboxes/a+b@x.test/messages/ID')).toBe('/v1/inboxes/a+b@x.test/messages/ID');
    expect(path('/v1/inboxes/a%2Fb%40x.test')).toBe('/v1/inboxes/a%2Fb%40x.test');
  });

  it('joins a local part with unencoded slashes up to the segment holding the @', () => {
    expect(path('/v1/inboxes/a/b%40x.test/messages')).toBe('/v1/inboxes/a%2Fb%40x.test/messages');
    expect(path('/v1/inboxes/a/b/c@x.test/messages/ID')).toBe('/v1/inboxes/a%2Fb%2Fc@x.test/messages/ID');
    expect(path('/v1/inboxes/a/b%40x.test')).toBe('/v1/inboxes/a%2Fb%40x.test');
  });

  it('leaves other paths, and inbox paths with no @ at all, alone', () => {
    expect(path('/v1/inboxes')).toBe('/v1/inboxes');
    expect(path('/v1/inboxes/not-an-address/messages')).toBe('/v1/inboxes/not-an-address/messages');
    expect(path('/v1/webhooks/a/b@c')).toBe('/v1/webhooks/a/b@c');
    expect(path('/v1/me?x=a/b@c')).toBe('/v1/me');
  });
});
