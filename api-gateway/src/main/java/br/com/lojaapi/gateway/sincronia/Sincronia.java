package br.com.lojaapi.gateway.sincronia;

import br.com.lojaapi.coreapi.comum.Alteracao;
import br.com.lojaapi.coreapi.comum.AlteracoesQuery;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.comum.PaginaDeAlteracoes;
import br.com.lojaapi.gateway.pedido.Datas;
import br.com.lojaapi.gateway.web.Paginacao;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.util.MultiValueMap;
import org.springframework.web.context.request.WebRequest;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * Incremental sync of one read model ({@code GET /v1/produtos|pedidos|clientes?atualizadoDesde=...} then
 * {@code ?cursor=...}): rows in order of their position (the global index of the last event applied to each, so the
 * order changes were made in), tombstones included, below the {@link HorizonteDeSincronia horizon}, with the cursor
 * of the last one.
 * <p>
 * The page's keys (id, versao, position) and the horizon are read in one REPEATABLE READ snapshot, so a projection
 * rebuild swapping tables in between cannot pair a horizon with rows it does not describe; the bound of settled
 * gaps ({@link LacunasEncerradas}) is read just before it. The ETag is taken from the keys, and a matching
 * {@code If-None-Match} is a 304 before any body is read. The bodies are read afterwards: a row changed in between
 * (its body no longer of the keyed version) ends the page before it, and is listed again at its new place, so a
 * poller never receives one version twice or a version out of place.
 */
@Component
public class Sincronia {

    private final QueryGateway consultas;
    private final HorizonteDeSincronia horizonte;
    private final TransactionTemplate instantaneo;

    Sincronia(QueryGateway consultas, HorizonteDeSincronia horizonte, PlatformTransactionManager transacoes) {
        this.consultas = consultas;
        this.horizonte = horizonte;
        this.instantaneo = new TransactionTemplate(transacoes);
        instantaneo.setIsolationLevel(TransactionDefinition.ISOLATION_REPEATABLE_READ);
        instantaneo.setReadOnly(true);
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
        long encerradas = horizonte.encerradas();
        PaginaDeAlteracoes chaves = instantaneo.execute(status -> consultas.query(new AlteracoesQuery(lojaId,
                modelo.modelo(), de.apos(), de.desde(), de.desdeId(), horizonte.ate(modelo.modelo(), encerradas),
                limite), PaginaDeAlteracoes.class).join());
        if (requisicao.checkNotModified(etag(modelo.tipo(), chaves.apos(), chaves.alteracoes(), chaves.temMais(),
                chaves.dependencias()))) {
            return Optional.empty();
        }
        List<Alteracao> alteracoes = chaves.alteracoes();
        Map<String, T> porId = new HashMap<>();
        if (!alteracoes.isEmpty()) {
            modelo.corpos().apply(alteracoes.stream().map(Alteracao::id).toList())
                  .forEach(corpo -> porId.put(modelo.id().apply(corpo), corpo));
        }
        List<ItemSincronizado<T>> itens = new ArrayList<>();
        long ate = chaves.apos();
        for (Alteracao alteracao : alteracoes) {
            T corpo = porId.get(alteracao.id());
            if (corpo == null || modelo.versao().applyAsLong(corpo) != alteracao.versao()) {
                break;
            }
            itens.add(new ItemSincronizado<>(corpo, alteracao.removidoEm() != null, alteracao.removidoEm()));
            ate = alteracao.posicao();
        }
        boolean temMais = chaves.temMais() || itens.size() < alteracoes.size();
        return Optional.of(new Pagina<>(itens, CursorDeSincronia.apos(ate).codificar(modelo.tipo()), temMais,
                etag(modelo.tipo(), chaves.apos(), alteracoes.subList(0, itens.size()), temMais,
                        chaves.dependencias())));
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
