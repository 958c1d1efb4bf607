import { z } from 'zod';
import { idString, pageField, pageOf, reasonField } from './paging.ts';
import { admins, operators } from './staffRoles.ts';

// What staff edit of the public site in the back office (server/siteContent/): the firm's title,
// customer-service link and hours, broker registration number and logo (administrators only: they
// are statements about the firm), and news articles in the app's three languages (operators and
// administrators: day-to-day content, like invitation codes). Every change is audited with a reason.
// The app reads the result through common/config and news/list|detail as before.

/** The site_config entries staff edit as text; `logo` changes only by uploading an image. */
export const editableSiteConfigNames = ['title', 'kefu', 'kefu_hours', 'broker_registration_number'] as const;
export type EditableSiteConfigName = (typeof editableSiteConfigNames)[number];

const textValue = (max: number) => z.string({ error: 'invalid_field' }).trim().max(max, 'invalid_field');

/** Each entry's own shape: a link is http(s) or an in-app route (#/…); the number is letters, digits and separators. */
export const siteConfigValueSchemas = {
  title: textValue(60).min(1, 'invalid_field'),
  kefu: textValue(500).regex(/^(|https?:\/\/[^\s<>"]+|#\/[^\s<>"]*)$/, 'invalid_field'),
  kefu_hours: textValue(120),
  broker_registration_number: textValue(40).regex(/^[A-Za-z0-9/ .-]*$/, 'invalid_field'),
} as const satisfies Record<EditableSiteConfigName, z.ZodType<string>>;

export const siteConfigEntry = z.object({ name: z.string(), value: z.string(), updated_at: z.string().nullable() });
export const siteConfigListResponse = z.array(siteConfigEntry);

export const siteConfigUpdateRequest = z
  .object({ name: z.enum(editableSiteConfigNames, 'invalid_field'), value: z.string({ error: 'invalid_field' }), reason: reasonField })
  .transform((form, context) => {
    const parsed = siteConfigValueSchemas[form.name].safeParse(form.value);
    if (parsed.success) return { ...form, value: parsed.data };
    context.addIssue({ code: 'custom', message: 'invalid_field', path: ['value'] });
    return z.NEVER;
  });

/** A logo under 48 KB (it travels base64 in a JSON command); the server checks and re-encodes it. */
export const logoBase64LengthMax = 65_536;
export const logoUploadRequest = z.object({
  image_base64: z.string({ error: 'logo_image_invalid' }).min(1, 'logo_image_invalid').max(logoBase64LengthMax, 'logo_image_invalid').regex(/^[A-Za-z0-9+/]+={0,2}$/, 'logo_image_invalid'),
  reason: reasonField,
});
export const logoUploadResponse = z.object({ logo: z.string() });
/** Where the current logo is served (public: the app shows it before sign-in). */
export const siteLogoPath = '/site/logo';

// ---- news ----------------------------------------------------------------------------------

/** The languages a news article is written in: English and the app's two others ("tw", "ko"). */
export const newsLanguages = ['en', 'tw', 'ko'] as const;
export type NewsLanguage = (typeof newsLanguages)[number];

export const newsText = z.object({
  title: z.string({ error: 'invalid_field' }).trim().min(1, 'invalid_field').max(300, 'invalid_field'),
  summary: z.string({ error: 'invalid_field' }).trim().max(1000, 'invalid_field'),
  body: z.string({ error: 'invalid_field' }).trim().min(1, 'invalid_field').max(20_000, 'invalid_field'),
});
export type NewsTextForm = z.output<typeof newsText>;

const stockCode = z.string({ error: 'invalid_field' }).trim().regex(/^[A-Z0-9&._-]{1,20}$/, 'invalid_field');

export const newsSaveRequest = z.object({
  /** Absent: a new article, published on save. */
  id: idString.optional(),
  source: z.string({ error: 'invalid_field' }).trim().min(1, 'invalid_field').max(200, 'invalid_field'),
  codes: z.array(stockCode).max(10, 'invalid_field').default([]),
  texts: z.object({ en: newsText, tw: newsText, ko: newsText }),
  reason: reasonField,
});

export const adminNewsItem = z.object({
  id: z.string(),
  source: z.string(),
  codes: z.array(z.string()),
  texts: z.object({ en: newsText, tw: newsText.nullable(), ko: newsText.nullable() }),
  published_at: z.string(),
  unpublished_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type AdminNewsItem = z.output<typeof adminNewsItem>;

export const adminNewsListResponse = pageOf(adminNewsItem);
export const newsSetPublishedRequest = z.object({ id: idString, published: z.boolean({ error: 'invalid_field' }), reason: reasonField });

export const siteContentCommands = {
  'admin/site/list': { auth: 'staff', roles: admins, request: z.object({}).optional().default({}), response: siteConfigListResponse },
  'admin/site/update': { auth: 'staff', roles: admins, request: siteConfigUpdateRequest, response: siteConfigEntry },
  'admin/site/setLogo': { auth: 'staff', roles: admins, request: logoUploadRequest, response: logoUploadResponse },
  'admin/news/list': { auth: 'staff', roles: operators, request: z.object({ page: pageField }), response: adminNewsListResponse },
  'admin/news/save': { auth: 'staff', roles: operators, request: newsSaveRequest, response: adminNewsItem },
  'admin/news/setPublished': { auth: 'staff', roles: operators, request: newsSetPublishedRequest, response: adminNewsItem },
} as const;
