-- The finished matches of a server, newest first: what the hard computer learns this
-- server's way of placing fleets from (issue 29). Written once for both databases.
CREATE INDEX matches_guild_ended ON matches (guild_id, ended_ms) WHERE NOT live;
