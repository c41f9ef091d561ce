# Per site: where the API listens and who may send purges (the worker's hosts).
backend api {
  .host = "127.0.0.1";
  .port = "3000";
}

acl purgers {
  "127.0.0.1";
  "::1";
}
