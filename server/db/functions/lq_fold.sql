-- The folded form of a text that history searches compare (docs/decisions/010-history-search.md): lower
-- case without accents. unaccent is not immutable (its dictionary could change), so lq_fold names the
-- dictionary and is declared immutable; every name is schema-qualified, so a later search_path changes
-- nothing. ICU's lower case folds every script whatever the database locale; a server built without ICU
-- folds ASCII letters only (accented Latin letters still fold: unaccent made them ASCII first). Written
-- through EXECUTE because the extension's schema and ICU differ between servers.
-- In PL/pgSQL, not SQL: declared immutable around the only-stable unaccent, an SQL function is never
-- inlined, so each statement that computed a folded column read its body back and planned it again
-- (docs/decisions/001-queue-ordering.md, "What a receipt no longer pays for").
DO $$
DECLARE
  ext_schema text := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
                      WHERE e.extname = 'unaccent');
  icu text := CASE WHEN EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'und-x-icu')
                         THEN 'COLLATE pg_catalog."und-x-icu"' ELSE '' END;
BEGIN
  EXECUTE format(
    'CREATE OR REPLACE FUNCTION lq_fold(text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT '
    'AS $fold$BEGIN RETURN pg_catalog.lower(%1$I.unaccent(%2$L::regdictionary, $1) %3$s); END$fold$',
    ext_schema, ext_schema || '.unaccent', icu);
END $$;
