package br.com.lojaapi.command.segredo;

import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;

/**
 * AES-256-GCM from the JDK, in one format: a version byte (1), a random 96-bit nonce, then the ciphertext with its
 * 128-bit tag. The context (GCM's associated data) names what the bytes are and whose, so a sealed value moved to
 * another row, or read as something else, fails to open instead of opening as the wrong thing. A random nonce per
 * seal stays far below GCM's limit of 2^32 messages per key: each data key seals a handful of values, and the master
 * keys seal one data key per webhook.
 */
public final class Cifra {

    public static final int BYTES_DA_CHAVE = 32;
    private static final byte VERSAO = 1;
    private static final int BYTES_DO_NONCE = 12;
    private static final int BITS_DA_ETIQUETA = 128;
    private static final SecureRandom ALEATORIO = new SecureRandom();

    private Cifra() {
    }

    /** Bytes that do not open with the key and context given: another key, another context, or altered. */
    public static final class CifraInvalidaException extends RuntimeException {
        CifraInvalidaException(String mensagem, Throwable causa) {
            super(mensagem, causa);
        }
    }

    /** 256 random bits. */
    public static byte[] novaChave() {
        byte[] chave = new byte[BYTES_DA_CHAVE];
        ALEATORIO.nextBytes(chave);
        return chave;
    }

    public static byte[] selar(byte[] chave, byte[] claro, String contexto) {
        byte[] nonce = new byte[BYTES_DO_NONCE];
        ALEATORIO.nextBytes(nonce);
        try {
            Cipher aes = Cipher.getInstance("AES/GCM/NoPadding");
            aes.init(Cipher.ENCRYPT_MODE, aes(chave), new GCMParameterSpec(BITS_DA_ETIQUETA, nonce));
            aes.updateAAD(contexto.getBytes(StandardCharsets.UTF_8));
            byte[] cifrado = aes.doFinal(claro);
            return ByteBuffer.allocate(1 + BYTES_DO_NONCE + cifrado.length).put(VERSAO).put(nonce).put(cifrado)
                             .array();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM indisponível nesta JVM", e);
        }
    }

    public static byte[] abrir(byte[] chave, byte[] selado, String contexto) {
        if (selado == null || selado.length < 1 + BYTES_DO_NONCE + BITS_DA_ETIQUETA / 8 || selado[0] != VERSAO) {
            throw new CifraInvalidaException("formato de cifra desconhecido", null);
        }
        try {
            Cipher aes = Cipher.getInstance("AES/GCM/NoPadding");
            aes.init(Cipher.DECRYPT_MODE, aes(chave),
                    new GCMParameterSpec(BITS_DA_ETIQUETA, selado, 1, BYTES_DO_NONCE));
            aes.updateAAD(contexto.getBytes(StandardCharsets.UTF_8));
            return aes.doFinal(selado, 1 + BYTES_DO_NONCE, selado.length - 1 - BYTES_DO_NONCE);
        } catch (AEADBadTagException e) {
            throw new CifraInvalidaException("a cifra não confere com a chave e o contexto", e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM indisponível nesta JVM", e);
        }
    }

    private static SecretKey aes(byte[] chave) {
        if (chave.length != BYTES_DA_CHAVE) {
            throw new IllegalArgumentException("chave AES de " + chave.length + " bytes; esperados " + BYTES_DA_CHAVE);
        }
        return new SecretKeySpec(chave, "AES");
    }
}
