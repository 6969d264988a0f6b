package br.com.lojaapi.command.imagem;

import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Optional;

/**
 * Image formats the service re-hosts, told apart by content (never by name or Content-Type). PNG, JPEG and GIF
 * must also have a header ImageIO can read with sane dimensions; only the header is read, so a decompression bomb
 * is never decoded.
 */
enum TipoDeImagem {
    PNG("image/png", "png"),
    JPEG("image/jpeg", "jpg"),
    GIF("image/gif", "gif"),
    WEBP("image/webp", "webp");

    static final int DIMENSAO_MAXIMA = 20_000;
    private static final byte[] ASSINATURA_PNG = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    final String contentType;
    final String extensao;

    TipoDeImagem(String contentType, String extensao) {
        this.contentType = contentType;
        this.extensao = extensao;
    }

    static Optional<TipoDeImagem> detectar(byte[] conteudo) {
        TipoDeImagem tipo = pelaAssinatura(conteudo);
        if (tipo == null) {
            return Optional.empty();
        }
        if (tipo == WEBP) {
            return Optional.of(tipo);
        }
        return cabecalhoLegivel(conteudo) ? Optional.of(tipo) : Optional.empty();
    }

    private static TipoDeImagem pelaAssinatura(byte[] c) {
        if (c.length >= 8 && Arrays.equals(c, 0, 8, ASSINATURA_PNG, 0, 8)) {
            return PNG;
        }
        if (c.length >= 3 && (c[0] & 0xff) == 0xff && (c[1] & 0xff) == 0xd8 && (c[2] & 0xff) == 0xff) {
            return JPEG;
        }
        if (c.length >= 6) {
            String inicio = new String(c, 0, 6, StandardCharsets.US_ASCII);
            if (inicio.equals("GIF87a") || inicio.equals("GIF89a")) {
                return GIF;
            }
        }
        if (c.length >= 16 && new String(c, 0, 4, StandardCharsets.US_ASCII).equals("RIFF")
                && new String(c, 8, 4, StandardCharsets.US_ASCII).equals("WEBP")) {
            return WEBP;
        }
        return null;
    }

    private static boolean cabecalhoLegivel(byte[] conteudo) {
        try (ImageInputStream entrada = ImageIO.createImageInputStream(new ByteArrayInputStream(conteudo))) {
            Iterator<ImageReader> leitores = ImageIO.getImageReaders(entrada);
            if (!leitores.hasNext()) {
                return false;
            }
            ImageReader leitor = leitores.next();
            try {
                leitor.setInput(entrada, true, true);
                int largura = leitor.getWidth(0);
                int altura = leitor.getHeight(0);
                return largura > 0 && altura > 0 && largura <= DIMENSAO_MAXIMA && altura <= DIMENSAO_MAXIMA;
            } finally {
                leitor.dispose();
            }
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
