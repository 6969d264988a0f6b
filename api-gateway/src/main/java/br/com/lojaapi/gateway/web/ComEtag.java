package br.com.lojaapi.gateway.web;

/** A GET's body with its ETag (without quotes), both computed from one read. */
public record ComEtag<J>(J corpo, String etag) {
}
