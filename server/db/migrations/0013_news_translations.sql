-- News in the reader's language (issue 11). An item is written in English; a translation gives
-- its title, summary and body in another of the app's languages ("tw" Traditional Chinese,
-- "ko" Korean: the codes the app sends). Like the item, a translation is added once and never
-- edited: a correction is a new item.
CREATE TABLE news_item_translations (
  news_id  bigint NOT NULL REFERENCES news_items (id),
  lang     text NOT NULL CHECK (lang IN ('tw', 'ko')),
  title    text NOT NULL CHECK (length(title) BETWEEN 1 AND 300),
  summary  text NOT NULL CHECK (length(summary) <= 1000),
  body     text NOT NULL CHECK (length(body) <= 100000),
  created_by  text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (news_id, lang)
);
