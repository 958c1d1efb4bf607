import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { configure, render } from '@testing-library/react';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { createElement } from 'react';
import { http, HttpResponse } from 'msw';
import type { ApiPath, RequestOf, ResponseOf } from '../../../../contract/api.ts';
import type { StaffRole } from '../../../../contract/staff.ts';
import { createAppRouter } from '../../../app/router.tsx';
import { answerOk, server } from '../../../test/mswServer.ts';
import { startStaffSession } from '../session/staffSession.ts';
// Loaded up front: the router imports the back office lazily, and a cold transform of it can
// outlast a single findBy's wait on a busy two-core machine.
import '../backOfficePages.ts';

configure({ asyncUtilTimeout: 3000 });

// Shared by the back-office tests: signed-in staff of each role, the real app router (so
// routes, the layout's role checks and lazy pages are exercised as in the browser), and
// handlers that record what the page sent.

export const staffOf = {
  admin: { staff_id: '1', login: 'admin', name: 'Asha Admin', role: 'admin', mfa_verified: true },
  reviewer: { staff_id: '2', login: 'reviewer', name: 'Riya Reviewer', role: 'reviewer', mfa_verified: true },
  reviewer2: { staff_id: '3', login: 'reviewer2', name: 'Ravi Reviewer', role: 'reviewer', mfa_verified: true },
  operator: { staff_id: '4', login: 'operator', name: 'Omar Operator', role: 'operator', mfa_verified: true },
} as const satisfies Record<string, { staff_id: string; login: string; name: string; role: StaffRole; mfa_verified: boolean }>;

export type StaffFixture = keyof typeof staffOf;

/** Signs `who` in to the back office and renders the whole app at `path` (e.g. "/admin/kyc"). */
export function renderBackOffice(path: string, who: StaffFixture = 'admin') {
  const staff = staffOf[who];
  startStaffSession({ token: `token-${staff.login}`, login: staff.login, role: staff.role, name: staff.name });
  server.use(answerOk('admin/me', staff));
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  const view = render(createElement(I18nProvider, { i18n }, createElement(RouterProvider, { router })));
  return { ...view, router };
}

/** Answers `path` with `answer(body)` and keeps every body and session header it received. */
export function recorded<P extends ApiPath>(path: P, answer: (body: RequestOf<P>) => ResponseOf<P>) {
  const bodies: RequestOf<P>[] = [];
  const accounts: (string | null)[] = [];
  const handler = http.post(`*/api/vue/${path}`, async ({ request }) => {
    const body = (await request.json()) as RequestOf<P>;
    bodies.push(body);
    accounts.push(request.headers.get('account'));
    return HttpResponse.json({ status: 1, msg: 'ok', data: answer(body) });
  });
  return { handler, bodies, accounts };
}

/** A one-page answer in the shape every back-office list uses. */
export const pageOf = <Item>(items: Item[], total = items.length, page = 1) => ({ items, total, page, page_size: 10 });

/** Serves any upload as a tiny PNG, and remembers which session asked for it. */
export function servingUploads() {
  const requests: { id: string; account: string | null }[] = [];
  const png = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='), (char) => char.charCodeAt(0));
  const handler = http.get('*/api/vue/upload/file/:id', ({ params, request }) => {
    requests.push({ id: String(params.id), account: request.headers.get('account') });
    return new HttpResponse(png, { headers: { 'content-type': 'image/png' } });
  });
  return { handler, requests };
}
