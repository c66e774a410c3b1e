/** The site's API pages of @xgen/ads-v12, each opened in Chromium (site-api.ts). */
import { apiPagesTest } from './site-api.ts';

apiPagesTest('ads-v12');
