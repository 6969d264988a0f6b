package br.com.lojaapi.gateway.sincronia;

import br.com.lojaapi.coreapi.comum.Alteracao;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.comum.PaginaDeAlteracoes;
import br.com.lojaapi.gateway.pedido.Datas;
import br.com.lojaapi.gateway.web.Paginacao;
import br.com.lojaapi.query.sincronia.PaginaLida;
import br.com.lojaapi.query.sincronia.PaginasDeSincronia;
import org.springframework.stereotype.Component;
import org.springframework.util.MultiValueMap;
import org.springframework.web.context.request.WebRequest;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * Incremental sync of one read model over HTTP ({@code GET /v1/produtos|pedidos|clientes?atualizadoDesde=...} then
 * {@code ?cursor=...}): the request's start, cursor and limit, a page read by the query side
 * ({@link PaginasDeSincronia}), the cursor of its last row, and its ETag. The ETag is taken from the page's keys, so a
 * matching {@code If-None-Match} is a 304 before any body is read.
 */
@Component
public class Sincronia {

    private final PaginasDeSincronia paginas;

    Sincronia(PaginasDeSincronia paginas) {
        this.paginas = paginas;
    }

    /** What sync reads of one model: its cursor letter, list parameters it refuses, and how it reads bodies. */
    public record Modelo<T>(ModeloLeitura modelo, char tipo, Set<String> daLista,
                            Function<List<String>, List<T>> corpos, Function<T, String> id, ToLongFunction<T> versao) {
    }

    /** {@code etag} describes exactly this page: the response's {@code ETag}. */
    public record Pagina<T>(List<ItemSincronizado<T>> itens, String cursor, boolean temMais, String etag) {
    }

    /** The page, or empty when {@code If-None-Match} matched and Spring answers 304. */
    public <T> Optional<Pagina<T>> ler(String lojaId, Modelo<T> modelo, MultiValueMap<String, String> parametros,
                                        WebRequest requisicao) {
        CursorDeSincronia de = posicao(modelo, parametros);
        int limite = limite(parametros.getFirst("limite"));
        PaginaDeAlteracoes chaves = paginas.chaves(lojaId, modelo.modelo(), de.apos(), de.desde(), de.desdeId(),
                limite);
        if (requisicao.checkNotModified(etag(modelo.tipo(), chaves.apos(), chaves.alteracoes(), chaves.temMais(),
                chaves.dependencias()))) {
            return Optional.empty();
        }
        PaginaLida<T> lida = paginas.corpos(chaves, modelo.corpos(), modelo.id(), modelo.versao());
        List<ItemSincronizado<T>> itens = lida.lidas().stream()
                .map(l -> new ItemSincronizado<>(l.corpo(), l.alteracao().removidoEm() != null,
                        l.alteracao().removidoEm()))
                .toList();
        return Optional.of(new Pagina<>(itens, CursorDeSincronia.apos(lida.ate()).codificar(modelo.tipo()),
                lida.temMais(), etag(modelo.tipo(), chaves.apos(), chaves.alteracoes().subList(0, itens.size()),
                        lida.temMais(), chaves.dependencias())));
    }

    private static CursorDeSincronia posicao(Modelo<?> modelo, MultiValueMap<String, String> parametros) {
        List<String> misturados = modelo.daLista().stream().filter(parametros::containsKey).sorted().toList();
        if (!misturados.isEmpty()) {
            throw ErroDeNegocio.invalido("atualizadoDesde e cursor não se combinam com " + String.join(", ", misturados)
                    + ": a sincronia percorre tudo o que mudou, na ordem em que mudou");
        }
        String desde = parametros.getFirst("atualizadoDesde");
        String cursor = parametros.getFirst("cursor");
        if (parametros.containsKey("atualizadoDesde") && parametros.containsKey("cursor")) {
            throw ErroDeNegocio.invalido("Use atualizadoDesde na primeira página e só cursor nas seguintes");
        }
        if (cursor != null || parametros.containsKey("cursor")) {
            return CursorDeSincronia.decodificar(modelo.tipo(), cursor);
        }
        Instant inicio = Datas.instante(desde, "atualizadoDesde");
        if (inicio == null) {
            throw ErroDeNegocio.invalido("atualizadoDesde: informe a data-hora ISO-8601 com fuso, por exemplo "
                    + "2026-11-21T11:00:00Z");
        }
        return CursorDeSincronia.inicio(inicio);
    }

    private static int limite(String texto) {
        if (texto == null || texto.isBlank()) {
            return Paginacao.LIMITE_PADRAO;
        }
        try {
            int limite = Integer.parseInt(texto.strip());
            if (limite >= 1 && limite <= Paginacao.LIMITE_MAXIMO) {
                return limite;
            }
        } catch (NumberFormatException e) {
            // the same answer as out of range
        }
        throw ErroDeNegocio.invalido("limite deve estar entre 1 e " + Paginacao.LIMITE_MAXIMO);
    }

    /**
     * From the keys and what the bodies embed ({@code dependencias}), all read in one snapshot before the bodies: a
     * body read later can only be newer, which makes the next request's tag differ (a needless 200), never a 304
     * over a stale body.
     */
    private static String etag(char tipo, long apos, List<Alteracao> alteracoes, boolean temMais,
                               String dependencias) {
        StringBuilder chave = new StringBuilder().append(tipo).append(apos).append('|').append(temMais)
                                                 .append('|').append(dependencias);
        alteracoes.forEach(a -> chave.append('|').append(a.id()).append(':').append(a.versao())
                                     .append(a.removidoEm() == null ? "" : ":r"));
        try {
            byte[] resumo = MessageDigest.getInstance("SHA-256").digest(chave.toString().getBytes(StandardCharsets.UTF_8));
            return "\"s-" + HexFormat.of().formatHex(resumo, 0, 16) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
