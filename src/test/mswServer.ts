import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ApiPath, ResponseOf } from '../../contract/api.ts';

// One MSW server for the web tests. It stands in for the Node server only in isolated
// component tests; anything not answered by a test's handler fails the test.
export const server = setupServer();

const endpoint = (path: ApiPath) => `*/api/vue/${path}`;

export function answerOk<P extends ApiPath>(path: P, data: ResponseOf<P>) {
  return http.post(endpoint(path), () => HttpResponse.json({ status: 1, msg: 'ok', data }));
}

export function answerRefusal(path: ApiPath, msg: string) {
  return http.post(endpoint(path), () => HttpResponse.json({ status: 0, msg, data: null }));
}

export function answerUnauthorized(path: ApiPath) {
  return http.post(endpoint(path), () => HttpResponse.json({ status: 0, msg: 'not_logged_in', data: null }, { status: 401 }));
}

