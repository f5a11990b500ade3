/**
 * Every documented route's handler, by its `operationId` (ADR 0186): the route list in core/api/openapi-routes.ts
 * says the method, the path and the throttle, this map only what answers. `satisfies` makes a route without a handler,
 * or a handler for no route, a type error.
 */
import type { RouteKey } from '../../../core/api/openapi-routes';
import {
  getAccount,
  postAccount,
  postAccountOptions,
  postRecover,
  postSignIn,
  postSignInOptions,
} from './routes/account';
import {
  deletePasskeyRoute,
  deleteSessionRoute,
  deleteSessionsRoute,
  postPasskey,
  postPasskeyOptions,
} from './routes/account-devices';
import { deleteAccountRoute, getAccountExport } from './routes/account-leave';
import { deleteKey, getKeys, postKey } from './routes/api-keys';
import { postContact } from './routes/contact';
import { getDashboard } from './routes/dashboard';
import { postGenerateCaptions } from './routes/generate-captions';
import { postGenerateImage } from './routes/generate-image';
import type { Handler } from './routes/handler';
import { getHealth } from './routes/health';
import { getImage, postUpload } from './routes/images';
import { deleteJob } from './routes/jobs';
import { deleteUserMeme, getUserMemes, postDownloadMeme } from './routes/memes';
import { getMemeUrl, postMemeRender } from './routes/memes-render';
import { postMemeSuggest } from './routes/memes-suggest';
import { getOpenApi } from './routes/openapi';
import { deleteSession, getSession, postSession } from './routes/session';
import { deleteShare, getShare, getShareImage, getShares, postShare } from './routes/shares';
import { getTemplate, getTemplateImage, getTemplates } from './routes/templates';
import { postAnalyzeMetadata } from './routes/tools/analyze-metadata';
import { postConvert } from './routes/tools/convert';
import { postConvertHtml } from './routes/tools/html';
import { postModify } from './routes/tools/modify';
import { postOptimize } from './routes/tools/optimize';
import { postSecurity } from './routes/tools/security';
import { getUsageLimit } from './routes/usage';

export const HANDLERS = {
  getHealth,
  getOpenApi,
  getTemplates,
  getTemplate,
  getTemplateImage,
  postUpload,
  getImage,
  getUsageLimit,
  postGenerateImage,
  postGenerateCaptions,
  postSession,
  getSession,
  deleteSession,
  postDownloadMeme,
  getUserMemes,
  deleteUserMeme,
  getDashboard,
  postOptimize,
  postModify,
  postConvert,
  postSecurity,
  deleteJob,
  postConvertHtml,
  postAnalyzeMetadata,
  getKeys,
  postKey,
  deleteKey,
  postMemeRender,
  getMemeUrl,
  postMemeSuggest,
  getShares,
  postShare,
  getShare,
  getShareImage,
  deleteShare,
  postContact,
  postAccountOptions,
  postAccount,
  getAccount,
  deleteAccountRoute,
  getAccountExport,
  postSignInOptions,
  postSignIn,
  postRecover,
  postPasskeyOptions,
  postPasskey,
  deletePasskeyRoute,
  deleteSessionsRoute,
  deleteSessionRoute,
} satisfies Record<RouteKey, Handler>;
