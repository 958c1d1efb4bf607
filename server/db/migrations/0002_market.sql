-- VIP users get the real-time analytics page; set by staff (issue 5), by the demo seed here.
ALTER TABLE users ADD COLUMN vip boolean NOT NULL DEFAULT false;

-- What a user opened from search or a list, newest first; feeds "recent searches".
CREATE TABLE search_history (
  user_id    bigint NOT NULL REFERENCES users (id),
  code       text NOT NULL,
  viewed_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, code)
);
CREATE INDEX search_history_recent ON search_history (user_id, viewed_at DESC);

-- Stored news. Staff add items; nothing edits them afterwards.
CREATE TABLE news_items (
  id            bigserial PRIMARY KEY,
  title         text NOT NULL CHECK (length(title) BETWEEN 1 AND 300),
  summary       text NOT NULL CHECK (length(summary) <= 1000),
  body          text NOT NULL CHECK (length(body) <= 100000),
  source        text NOT NULL CHECK (length(source) BETWEEN 1 AND 200),
  codes         text[] NOT NULL DEFAULT '{}',
  published_at  timestamptz NOT NULL DEFAULT now(),
  created_by    text NOT NULL
);
CREATE INDEX news_items_recent ON news_items (published_at DESC, id DESC);
