package br.com.lojaapi.query.comum;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The tables a projection writes, and nothing else writes. Only processors whose handlers all carry it can be
 * rebuilt by the operator ({@code POST /admin/projecoes/{nome}/replay}): the rebuild writes copies of exactly these
 * tables and swaps them in. A handler with side effects (webhooks, sagas) never carries it, so it is never replayed.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface TabelasDoModelo {

    /** Unqualified table names, as the handlers write them. */
    String[] value();
}
