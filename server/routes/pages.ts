// /api/shop/{shopId}/… for the shop's pages: table reservation and its answer, dish rating,
// e-mail unsubscribe, job applications, coupon activation and coupon reservation, and the
// per-shop tracking report (one file each in server/pages/). Input rules and German messages
// come from @shared/pages.
import { Hono } from 'hono';
import type { ServerContext } from '../context';
import { couponLinkRoutes } from '../pages/couponLinks';
import { feedbackRoutes } from '../pages/feedback';
import { jobApplicationRoutes } from '../pages/jobApplications';
import { reportRoutes } from '../pages/report';
import { reservationRoutes } from '../pages/reservations';
import { unsubscribeRoutes } from '../pages/unsubscribe';

export { DRIVER_CODE_MAX_COUPONS } from '../pages/couponLinks';

export interface PagesOptions {
  /** Bearer token for GET …/report; null = the report is switched off (404) */
  reportToken?: string | null;
  /** the shop's public origin for links in e-mails */
  publicOrigin?: string | null;
}

export function pageRoutes(ctx: ServerContext, opts: PagesOptions = {}): Hono {
  return new Hono()
    .route('/', reservationRoutes(ctx, opts.publicOrigin))
    .route('/', feedbackRoutes(ctx))
    .route('/', unsubscribeRoutes(ctx))
    .route('/', jobApplicationRoutes(ctx))
    .route('/', couponLinkRoutes(ctx))
    .route('/', reportRoutes(ctx, opts.reportToken));
}
