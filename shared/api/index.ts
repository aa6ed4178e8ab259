export { ApiError, isApiError, toApiError, type ApiErrorCode } from './errors';
export {
  configureApi,
  getApiConfig,
  isApiConfigured,
  resetApi,
  switchApiShop,
  type ApiConfig,
  type ApiConfigInput,
  request,
  requestValid,
  seg,
  validate,
} from './client';
export { getBootstrap, primeBootstrap, clearBootstrapCache } from './bootstrap';
export * from './shop';
export * from './platform';
export * from './analytics';
