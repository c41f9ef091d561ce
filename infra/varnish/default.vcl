vcl 4.1;

# The cache in front of the blog's API. Answers are kept as long as the API says (s-maxage: only when
# the API is told to purge this Varnish, CDN_PURGE=varnish-xkey or varnish-ban) and dropped by the
# worker's purges, by surrogate key. Anything personal goes straight through and is never kept.

import xkey;

# The backend (`api`) and who may purge (`acl purgers`): one small file per site, found on vcl_path.
include "backend.vcl";

sub vcl_recv {
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(403, "Forbidden"));
    }
    # varnish-xkey: every object tagged with one of the keys (space-separated) goes at once.
    if (req.http.xkey) {
      return (synth(200, "Purged " + xkey.purge(req.http.xkey)));
    }
    # varnish-ban: without the vmod, a ban over the stored Surrogate-Key (a regular expression).
    if (req.http.X-Ban-Surrogate-Key) {
      ban("obj.http.Surrogate-Key ~ " + req.http.X-Ban-Surrogate-Key);
      return (synth(200, "Banned"));
    }
    return (synth(400, "No keys"));
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  # A signed-in reader or staff: their answers are theirs alone.
  if (req.http.Authorization || req.http.Cookie ~ "(^|;\s*)(__Host-)?blog\.sid=") {
    return (pass);
  }
  # Public answers are the same for everyone: no other cookie may split or bypass the cache.
  unset req.http.Cookie;
  return (hash);
}

sub vcl_backend_response {
  # Whatever the API marks personal, unshared or cookie-setting is never kept (a short hit-for-miss
  # only, so requests for it are not queued behind one another).
  if (beresp.http.Set-Cookie || beresp.http.Cache-Control ~ "(?i)(private|no-store|no-cache)") {
    set beresp.uncacheable = true;
    set beresp.ttl = 1s;
    return (deliver);
  }
  if (beresp.http.Surrogate-Key) {
    set beresp.http.xkey = beresp.http.Surrogate-Key;
  }
}

sub vcl_deliver {
  # HIT (from the cache), MISS (fetched and kept) or PASS (fetched, never kept); Age says how old.
  if (obj.uncacheable) {
    set resp.http.X-Cache = "PASS";
  } elsif (obj.hits > 0) {
    set resp.http.X-Cache = "HIT";
  } else {
    set resp.http.X-Cache = "MISS";
  }
  # The keys and CDN lifetimes are for this cache alone; Surrogate-Key stays on the stored object
  # for bans, and is removed only here.
  unset resp.http.xkey;
  unset resp.http.Surrogate-Key;
  unset resp.http.Surrogate-Control;
  unset resp.http.CDN-Cache-Control;
  unset resp.http.Cache-Tag;
}
