/** The site's API pages of @xgen/core-v2, each opened in Chromium (site-api.ts). */
import { apiPagesTest } from './site-api.ts';

apiPagesTest('core-v2');
