-- The LIKE pattern that finds `search` anywhere in a folded text (docs/decisions/010-history-search.md):
-- folded the same way, then % _ and \ escaped after folding (unaccent turns the full-width ％ into %), so
-- what a person types is never a wildcard.
CREATE OR REPLACE FUNCTION lq_contains_pattern(search text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
RETURN '%' || replace(replace(replace(lq_fold(search), '\', '\\'), '%', '\%'), '_', '\_') || '%';
