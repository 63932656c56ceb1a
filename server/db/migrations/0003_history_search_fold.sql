-- History search (docs/decisions/010-history-search.md): searches compare a folded form of the text, lower
-- case without accents, kept in stored generated columns with trigram indexes (next migration). unaccent
-- is not immutable (its dictionary could change), so lq_fold names the dictionary and is declared
-- immutable; its body is SQL-standard, so the names resolve now and never through a later search_path.
-- ICU's lower case folds every script, whatever the database locale (the test cluster is C, which folds
-- ASCII only); a server built without ICU folds ASCII letters only (accented Latin letters still fold, as
-- unaccent has turned them into ASCII first).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
DO $$
DECLARE
  ext_schema text := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
                      WHERE e.extname = 'unaccent');
  icu text := CASE WHEN EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'und-x-icu')
                         THEN 'COLLATE "und-x-icu"' ELSE '' END;
BEGIN
  EXECUTE format(
    'CREATE FUNCTION lq_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT '
    'RETURN lower(%1$I.unaccent(%2$L::regdictionary, $1) %3$s)',
    ext_schema, ext_schema || '.unaccent', icu);
END $$;
--> statement-breakpoint
-- The LIKE pattern that finds `search` anywhere in a folded text: folded the same way, then % _ and \
-- escaped after folding (unaccent turns the full-width ％ into %), so what a person types is never a wildcard.
CREATE FUNCTION lq_contains_pattern(search text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
RETURN '%' || replace(replace(replace(lq_fold(search), '\', '\\'), '%', '\%'), '_', '\_') || '%';
