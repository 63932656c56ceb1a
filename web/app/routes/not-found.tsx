export { NotFoundPage as Component } from '@web/features/not-found/not-found-page'
