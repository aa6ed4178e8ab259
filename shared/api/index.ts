export { ApiError, isApiError, toApiError, type ApiErrorCode } from './errors';
export {
  configureApi,
  getApiConfig,
  isApiConfigured,
  resetApi,
  switchApiShop,
  request,
  requestValid,
  seg,
  validate,
  type ApiConfig,
  type ApiConfigInput,
} from './client';
export { getBootstrap, primeBootstrap, clearBootstrapCache } from './bootstrap';
export * from './shop';
export * from './platform';
export * from './analytics';
