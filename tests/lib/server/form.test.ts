import { describe, expect, it } from 'vitest';
import { readPostedForm } from '~/lib/server/form';
import { MAX_BODY_BYTES } from '~/lib/server/proxy/body';

const post = (body: BodyInit, type?: string) =>
  new Request('http://site.invalid/login/', {
    method: 'POST',
    body,
    ...(type ? { headers: { 'content-type': type } } : {}),
  });

describe('readPostedForm', () => {
  it('reads an ordinary form', async () => {
    const form = await readPostedForm(post('username=a%40b.co&password=x', 'application/x-www-form-urlencoded'));
    expect(form.get('username')).toBe('a@b.co');
    expect(form.get('password')).toBe('x');
  });

  it.each([
    ['malformed JSON', '{bad', 'application/json'],
    ['broken multipart', 'garbage', 'multipart/form-data; boundary=xx'],
    ['multipart without boundary', 'garbage', 'multipart/form-data'],
    ['no content type', 'username=a', undefined],
  ])('reads %s as an empty form', async (_label, body, type) => {
    const form = await readPostedForm(post(body, type));
    expect([...form.keys()]).toEqual([]);
  });

  it('reads a body over the limit as an empty form', async () => {
    const form = await readPostedForm(
      post(`username=${'a'.repeat(MAX_BODY_BYTES)}`, 'application/x-www-form-urlencoded'),
    );
    expect(form.get('username')).toBeNull();
  });
});
