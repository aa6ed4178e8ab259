// The shell's routes live in @shared/pages/routes: the server answers an unknown path with 404 by the same table.
export * from '@shared/pages/routes';
