/** Base URL of the REST API; same origin `/api` unless the build says otherwise. */
export const API_BASE_URL: string = (import.meta.env.VITE_API_BASE_URL as string | undefined) || '/api';
