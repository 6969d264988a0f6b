package br.com.lojaapi.command.imagem;

import br.com.lojaapi.command.comum.Armazenamento;
import br.com.lojaapi.command.produto.RegrasDeProduto;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Product images live in the service's own object storage: an external URL is downloaded and stored under the
 * store's prefix, named by the SHA-256 of its content (the same image twice is stored once), and replaced by its
 * public URL under {@code PUBLIC_BASE_URL/imagens/}. URLs already there are kept as they are. Runs before any
 * command, outside any transaction: remote I/O never holds an event-store transaction open.
 */
@Component
public class ImagensDeProduto {

    static final String CAMINHO = "/imagens/";
    static final Pattern ARQUIVO = Pattern.compile("[0-9a-f]{64}\\.(png|jpg|gif|webp)");

    private final BaixadorDeImagens baixador;
    private final Armazenamento armazenamento;
    private final String prefixoPublico;
    private final Duration tempoTotal;

    ImagensDeProduto(BaixadorDeImagens baixador, Armazenamento armazenamento,
                     @Value("${loja.url-publica:http://localhost:8080}") String urlPublica,
                     @Value("${loja.imagens.tempo-total:60s}") Duration tempoTotal) {
        this.baixador = baixador;
        this.armazenamento = armazenamento;
        this.tempoTotal = tempoTotal;
        this.prefixoPublico = (urlPublica.endsWith("/") ? urlPublica.substring(0, urlPublica.length() - 1) : urlPublica)
                + CAMINHO;
    }

    /**
     * The list with every external URL replaced by its re-hosted one; the first that fails is a 400 naming it.
     * The count is checked before anything is downloaded, a URL sent twice is fetched once, and all downloads of
     * one request share a time budget.
     */
    public List<String> rehospedar(String lojaId, List<String> urls) {
        if (urls.size() > RegrasDeProduto.IMAGENS_MAXIMO) {
            throw ErroDeNegocio.invalido("imagens: no máximo " + RegrasDeProduto.IMAGENS_MAXIMO + " por produto");
        }
        for (String url : urls) {
            if (url == null || url.isBlank()) {
                throw ErroDeNegocio.invalido("imagens: cada imagem deve ser uma URL http ou https");
            }
        }
        long prazo = System.nanoTime() + tempoTotal.toNanos();
        Map<String, String> hospedadas = new HashMap<>();
        List<String> finais = new ArrayList<>();
        for (String url : urls) {
            String limpa = url.strip();
            finais.add(hospedadas.computeIfAbsent(limpa,
                    u -> u.startsWith(prefixoPublico) ? existente(u) : copiar(lojaId, u, prazo)));
        }
        return finais;
    }

    private String existente(String url) {
        String chave = url.substring(prefixoPublico.length());
        try {
            if (valida(chave) && armazenamento.existe(chave)) {
                return url;
            }
        } catch (Exception e) {
            throw new IllegalStateException("armazenamento de objetos indisponível", e);
        }
        throw ErroDeNegocio.invalido("Imagem " + url + " não existe no armazenamento do serviço");
    }

    private String copiar(String lojaId, String url, long prazo) {
        BaixadorDeImagens.Imagem imagem;
        try {
            imagem = baixador.baixar(url, prazo);
        } catch (ImagemRecusadaException e) {
            throw ErroDeNegocio.invalido("Imagem " + url + " recusada: " + e.getMessage());
        }
        String chave = lojaId + "/" + sha256(imagem.conteudo()) + "." + imagem.tipo().extensao;
        try {
            if (!armazenamento.existe(chave)) {
                armazenamento.guardar(chave, imagem.conteudo(), imagem.tipo().contentType);
            }
        } catch (Exception e) {
            throw new IllegalStateException("armazenamento de objetos indisponível", e);
        }
        return prefixoPublico + chave;
    }

    /** Keys are "{store id}/{sha-256}.{ext}"; anything else never names one of our images. */
    public static boolean valida(String chave) {
        int barra = chave.indexOf('/');
        return barra > 0 && chave.indexOf('/', barra + 1) < 0
                && chave.substring(0, barra).matches("[0-9a-f-]{36}")
                && ARQUIVO.matcher(chave.substring(barra + 1)).matches();
    }

    private static String sha256(byte[] conteudo) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(conteudo));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
