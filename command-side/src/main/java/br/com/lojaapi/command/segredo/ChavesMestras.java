package br.com.lojaapi.command.segredo;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Collection;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The master keys of this node, which wrap the per-webhook data keys and are never stored in the database: the
 * current one, which wraps every new or re-wrapped data key, and others accepted for reading only (the previous key
 * during a rotation, or the next one while the nodes are being given it). A key is 32 random bytes written in
 * base64; its id, stored next to everything it wraps, is derived from the key itself, so the same key has the same
 * id on every node and an operator never names keys by hand.
 */
public final class ChavesMestras {

    private final String atual;
    private final Map<String, byte[]> porId;

    private ChavesMestras(byte[] atual, Collection<byte[]> deLeitura) {
        Map<String, byte[]> chaves = new LinkedHashMap<>();
        this.atual = id(atual);
        chaves.put(this.atual, atual.clone());
        for (byte[] chave : deLeitura) {
            chaves.putIfAbsent(id(chave), chave.clone());
        }
        this.porId = Collections.unmodifiableMap(chaves);
    }

    /** A wrapped data key and the id of the master key that wrapped it. */
    public record Envolvida(String chaveMestra, byte[] cifrada) {
    }

    /** The data key was wrapped by a master key this node was not given. */
    public static final class ChaveMestraAusenteException extends RuntimeException {

        private final String chaveMestra;

        ChaveMestraAusenteException(String chaveMestra) {
            super("chave mestra " + chaveMestra + " ausente neste nó");
            this.chaveMestra = chaveMestra;
        }

        public String chaveMestra() {
            return chaveMestra;
        }
    }

    /**
     * From the settings' text: the current key and the others, each base64 of 32 bytes. Refuses anything else with
     * a message that names the setting ({@code nomeAtual}, {@code nomeDeLeitura}) and never the value.
     */
    public static ChavesMestras de(String atual, Collection<String> deLeitura, String nomeAtual, String nomeDeLeitura) {
        byte[] chave = decodificar(atual, nomeAtual);
        return new ChavesMestras(chave, deLeitura.stream().map(c -> decodificar(c, nomeDeLeitura)).toList());
    }

    /** A new key, as it is written in a setting or a file. */
    public static String gerar() {
        return Base64.getEncoder().encodeToString(Cifra.novaChave());
    }

    public static boolean valida(String texto) {
        try {
            return texto != null && Base64.getDecoder().decode(texto.strip()).length == Cifra.BYTES_DA_CHAVE;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** 64 bits of a SHA-256 of the key under a label of its own: names the key without telling anything of it. */
    public static String id(byte[] chave) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update("loja-api/chave-mestra\0".getBytes(StandardCharsets.US_ASCII));
            return HexFormat.of().formatHex(sha.digest(chave), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public String idAtual() {
        return atual;
    }

    /** Every key id this node can read with, the current one first. */
    public Set<String> ids() {
        return porId.keySet();
    }

    public boolean conhece(String chaveMestra) {
        return porId.containsKey(chaveMestra);
    }

    public Envolvida envolver(byte[] chaveDeDados, String contexto) {
        return new Envolvida(atual, Cifra.selar(porId.get(atual), chaveDeDados, contexto));
    }

    /** The data key; {@link ChaveMestraAusenteException} when its master key is not one of this node's. */
    public byte[] desenvolver(String chaveMestra, byte[] cifrada, String contexto) {
        byte[] chave = porId.get(chaveMestra);
        if (chave == null) {
            throw new ChaveMestraAusenteException(chaveMestra);
        }
        return Cifra.abrir(chave, cifrada, contexto);
    }

    private static byte[] decodificar(String texto, String nome) {
        if (!valida(texto)) {
            throw new IllegalStateException(nome + " deve ser uma chave de 32 bytes em base64 (por exemplo: "
                                            + "openssl rand -base64 32)");
        }
        return Base64.getDecoder().decode(texto.strip());
    }
}
