package br.com.lojaapi.gateway.banco;

/**
 * A PostgreSQL WAL position ({@code pg_lsn}, written {@code 16/B374D848}) as an unsigned 64-bit number that compares
 * as the server compares them: WAL positions stay far below 2^63, so a signed long orders them correctly.
 */
public final class Lsn {

    /** No position: below every real one. */
    public static final long NENHUMA = 0;

    private Lsn() {
    }

    /** {@code 16/B374D848} as a number; {@link #NENHUMA} for null. */
    public static long ler(String texto) {
        if (texto == null) {
            return NENHUMA;
        }
        int barra = texto.indexOf('/');
        if (barra < 0) {
            throw new IllegalArgumentException("posição de WAL inválida: " + texto);
        }
        return (Long.parseLong(texto.substring(0, barra), 16) << 32) | Long.parseLong(texto.substring(barra + 1), 16);
    }

    public static String texto(long lsn) {
        return Long.toHexString(lsn >>> 32).toUpperCase() + "/" + Long.toHexString(lsn & 0xFFFFFFFFL).toUpperCase();
    }
}
