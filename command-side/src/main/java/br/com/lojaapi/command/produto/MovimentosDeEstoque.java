package br.com.lojaapi.command.produto;

import br.com.lojaapi.command.comum.Textos;
import br.com.lojaapi.command.comum.UmaUnidadeDeTrabalho;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.produto.MovimentarEstoqueCommand;
import br.com.lojaapi.coreapi.produto.MovimentoDeEstoque;
import br.com.lojaapi.coreapi.produto.TipoMovimento;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * POST /estoque and POST /estoque/lote: movements applied in the order sent, in one transaction, all or nothing.
 * In a batch, a refusal names the first failing element ({@code indice}).
 */
@Service
public class MovimentosDeEstoque {

    public static final int LOTE_MAXIMO = 500;

    private final CommandGateway comandos;
    private final ProdutoLookup produtos;

    MovimentosDeEstoque(CommandGateway comandos, ProdutoLookup produtos) {
        this.comandos = comandos;
        this.produtos = produtos;
    }

    /** One movement as sent; the product is named by {@code produtoId}, else {@code codIntegracao}, else {@code sku}. */
    public record Movimento(String movimentoId,
                            String produtoId,
                            Long codIntegracao,
                            String sku,
                            String variacaoId,
                            String tipo,
                            BigDecimal quantidade,
                            String observacao) {
    }

    /** {@code lote} false: a single POST /estoque, whose errors carry no position. */
    @Transactional
    public List<MovimentoDeEstoque> movimentar(String lojaId, List<Movimento> movimentos, boolean lote, Instant agora) {
        if (movimentos.isEmpty() || movimentos.size() > LOTE_MAXIMO) {
            throw ErroDeNegocio.invalido("movimentos: de 1 a " + LOTE_MAXIMO + " por lote");
        }
        // Everything that can be checked without the products, element by element in the order sent, so the
        // first element that is wrong is the one named.
        List<String> alvos = new ArrayList<>();
        List<TipoMovimento> tipos = new ArrayList<>();
        for (int i = 0; i < movimentos.size(); i++) {
            int indice = i;
            Movimento m = movimentos.get(i);
            tipos.add(naPosicao(lote, indice, () -> {
                TipoMovimento tipo = tipo(m.tipo());
                RegrasDeEstoque.quantidadeDoMovimento(tipo, m.quantidade());
                return tipo;
            }));
            alvos.add(naPosicao(lote, indice, () -> produtoDe(lojaId, m)));
        }
        produtos.travar(alvos);
        // One root unit of work around the batch: the repository keeps each product it loaded for the whole batch,
        // so 500 movements of one product load it once instead of replaying its growing stream 500 times in this
        // transaction (quadratic, 19 s on a loaded machine).
        return UmaUnidadeDeTrabalho.executar(() -> aplicar(lojaId, movimentos, lote, alvos, tipos, agora));
    }

    private List<MovimentoDeEstoque> aplicar(String lojaId, List<Movimento> movimentos, boolean lote,
                                             List<String> alvos, List<TipoMovimento> tipos, Instant agora) {
        List<MovimentoDeEstoque> feitos = new ArrayList<>();
        for (int i = 0; i < movimentos.size(); i++) {
            int indice = i;
            Movimento m = movimentos.get(i);
            feitos.add(naPosicao(lote, indice, () -> {
                if (!produtos.existe(lojaId, alvos.get(indice))) {
                    throw ErroDeNegocio.invalido("produto não encontrado nesta loja: " + alvos.get(indice));
                }
                return comandos.<MovimentoDeEstoque>sendAndWait(new MovimentarEstoqueCommand(alvos.get(indice),
                        lojaId, m.movimentoId(), m.variacaoId(), tipos.get(indice), m.quantidade(), m.observacao(), agora));
            }));
        }
        return feitos;
    }

    private static TipoMovimento tipo(String tipo) {
        if (tipo != null) {
            for (TipoMovimento valor : TipoMovimento.values()) {
                if (valor.name().equals(tipo)) {
                    return valor;
                }
            }
        }
        throw ErroDeNegocio.invalido("tipo deve ser ENTRADA, SAIDA ou AJUSTE");
    }

    private String produtoDe(String lojaId, Movimento m) {
        if (m.produtoId() != null) {
            return m.produtoId();
        }
        if (m.codIntegracao() != null) {
            return produtos.comCodigo(lojaId, m.codIntegracao()).stream().findFirst().orElseThrow(() ->
                    ErroDeNegocio.invalido("nenhum produto desta loja tem codIntegracao " + m.codIntegracao()));
        }
        String sku = Textos.limpo(m.sku());
        if (sku != null) {
            return produtos.comSku(lojaId, sku).stream().findFirst().orElseThrow(() ->
                    ErroDeNegocio.invalido("nenhum produto desta loja tem sku " + sku));
        }
        throw ErroDeNegocio.invalido("Informe o produto: produtoId, codIntegracao ou sku");
    }

    /** Runs one element's step; in a batch a business refusal comes out with the element's position. */
    private static <T> T naPosicao(boolean lote, int indice, Supplier<T> passo) {
        try {
            return passo.get();
        } catch (RuntimeException e) {
            ErroDeNegocio erro = ErroDeNegocio.naCausa(e);
            if (erro == null || !lote) {
                throw e;
            }
            Map<String, Object> detalhes = new LinkedHashMap<>(erro.detalhes());
            detalhes.put("indice", indice);
            throw new ErroDeNegocio(erro.codigo(), "movimentos[" + indice + "]: " + erro.getMessage(), detalhes);
        }
    }
}
