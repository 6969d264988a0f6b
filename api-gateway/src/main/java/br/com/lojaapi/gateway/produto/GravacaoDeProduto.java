package br.com.lojaapi.gateway.produto;

import br.com.lojaapi.command.comum.Comandos;
import br.com.lojaapi.command.produto.CadastroDeProdutos;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.produto.AlteracaoVariacao;
import br.com.lojaapi.command.imagem.ImagensDeProduto;
import br.com.lojaapi.gateway.leitura.RespostaDeEscrita.Espera;
import br.com.lojaapi.gateway.web.Ids;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One POST /produtos from the body as sent to the product saved: the cheap refusals first, then the images
 * re-hosted (outside any transaction), then {@link CadastroDeProdutos} in one transaction of its own, retried whole
 * on a conflict. The single POST and each element of POST /produtos/lote go through here, so an element of a batch
 * is exactly the call it stands for.
 */
@Component
class GravacaoDeProduto {

    private final CadastroDeProdutos cadastro;
    private final Comandos comandos;
    private final ImagensDeProduto imagens;
    private final Clock relogio;

    GravacaoDeProduto(CadastroDeProdutos cadastro, Comandos comandos, ImagensDeProduto imagens, Clock relogio) {
        this.cadastro = cadastro;
        this.comandos = comandos;
        this.imagens = imagens;
        this.relogio = relogio;
    }

    /**
     * What the call saved: the product, whether it was created, the version written, every read-model row to wait
     * for (a category it created among them), and {@code operacao} ({@code criado} or {@code atualizado}, in upsert
     * mode only).
     */
    record Gravado(String produtoId, boolean criado, String operacao, long versao, List<Espera> esperas,
                   List<String> avisos) {
    }

    Gravado gravar(String lojaId, CorpoDeProduto corpo, boolean upsert) {
        // Cheap refusals first: nothing is downloaded for a call that cannot succeed.
        if (upsert && (corpo.codIntegracao == null || corpo.codIntegracao.isEmpty())) {
            throw ErroDeNegocio.invalido(CadastroDeProdutos.CODIGO_OBRIGATORIO);
        }
        List<AlteracaoVariacao> variacoes = corpo.variacoes == null ? List.of()
                : corpo.variacoes.orElse(List.of()).stream().map(v -> {
                    if (v == null) {
                        throw ErroDeNegocio.invalido("variacoes: cada variação deve ser um objeto");
                    }
                    return v.alteracao(Ids.novo());
                }).toList();
        CadastroDeProdutos.Pedido pedido = new CadastroDeProdutos.Pedido(lojaId, Ids.novo(), Ids.novo(),
                corpo.alteracao(imagens(lojaId, corpo.imagens)),
                corpo.categoria == null ? null : corpo.categoria.orElse(null),
                corpo.controlaEstoque == null ? null : corpo.controlaEstoque.orElse(null), variacoes, relogio.instant());
        CadastroDeProdutos.Cadastro feito = comandos.executar(
                () -> upsert ? cadastro.criarOuAtualizar(pedido) : cadastro.criar(pedido),
                ProdutoController.NAO_ENCONTRADO);
        List<String> avisos = new ArrayList<>(feito.avisos());
        if (!feito.criado() && corpo.controlaEstoque != null) {
            avisos.add(ProdutoController.CONTROLA_ESTOQUE_IGNORADO);
        }
        long versao = feito.escritas().get(feito.escritas().size() - 1).versao();
        String operacao = upsert ? (feito.criado() ? "criado" : "atualizado") : null;
        return new Gravado(feito.produtoId(), feito.criado(), operacao, versao,
                feito.escritas().stream().map(e -> new Espera(e.modelo(), e.id(), e.versao())).toList(),
                List.copyOf(avisos));
    }

    /** Re-hosts external images before any command runs (no remote I/O inside a transaction). */
    Optional<List<String>> imagens(String lojaId, Optional<List<String>> enviadas) {
        if (enviadas == null) {
            return null;
        }
        return enviadas.map(lista -> imagens.rehospedar(lojaId, lista));
    }
}
